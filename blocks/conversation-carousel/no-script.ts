/**
 * Styles for a page read without JavaScript: the carousel's replies are prerendered pending (the agent "typing"), and
 * only its script reveals them, so without it they show at once. The root layout puts this in a <noscript> in <head>.
 */
export const NO_SCRIPT_CSS =
  "[data-reply=pending]{opacity:1!important;visibility:visible!important;transform:none!important}[data-typing]{display:none!important}";
