/** Behaviour constants of the site chrome. Block-level constants live in block schemas as defaults. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const MENU_HOVER_DELAY_MS = 200;
export const MENU_SKIP_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 150;
/** Share of a block that must be on screen before its animation runs. */
export const VISIBILITY_THRESHOLD = 0.3;
