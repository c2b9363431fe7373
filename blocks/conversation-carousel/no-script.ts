/**
 * Styles for a page read without JavaScript: the carousel's replies are prerendered pending (the agent "typing"), and
 * only its script reveals them, so without it they show at once. Declared as the block's `noScriptCss`.
 */
export default "[data-reply=pending]{opacity:1!important;visibility:visible!important;transform:none!important}[data-typing]{display:none!important}";
