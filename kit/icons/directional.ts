/**
 * Marks an icon that points a direction (an arrow, a chevron): right to left mirrors it (the theme's rule on this
 * attribute), so that "next" and "go" point where the page reads. Icons that picture a thing (a phone, a play button,
 * a tick) keep their drawing.
 */
export const DIRECTIONAL_ATTRIBUTE = "data-directional";

/** Spread on a directional icon: `<ArrowRight {...DIRECTIONAL_ICON} />`. */
export const DIRECTIONAL_ICON = { [DIRECTIONAL_ATTRIBUTE]: "" } as const;

/** Whether a bundled icon, by its name, points a direction (`arrow-right`, `chevron-left`, `arrow-up-right`). */
export const isDirectionalIcon = (name: string) => /(^|-)(left|right)(-|$)/.test(name);
