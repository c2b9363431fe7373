/** Marks a flip card (FlipCard); it gets `data-flipped` once flipped. */
export const FLIP_CARD_ATTRIBUTE = "data-flip-card";
/** Marks a "discover more" toggle (FlipCards); its value is the number of cards shown while collapsed. */
export const MORE_BUTTON_ATTRIBUTE = "data-show-more";
export const MORE_LABEL_ATTRIBUTE = "data-more-label";
export const LESS_LABEL_ATTRIBUTE = "data-less-label";

/**
 * The flip cards' behaviour, as plain DOM code on the prerendered markup (declared in block.ts, run by the browser entry after the first paint), so that the first
 * tap answers at once, without React:
 * - a card's button flips it for good (aria-expanded true, `data-flipped`) and moves focus to its back;
 * - a "discover more" toggle shows the hidden cards and back, and its label and aria-expanded follow.
 * One listener on the root serves every card, so nothing is bound card by card.
 */
export default function enhanceFlipCards(root: HTMLElement | Document = document) {
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button[aria-controls]");
    if (!button) return;
    if (button.hasAttribute(MORE_BUTTON_ATTRIBUTE)) return toggleMore(button);
    const card = button.closest<HTMLElement>(`[${FLIP_CARD_ATTRIBUTE}]`);
    if (card) flip(card, button);
  });
}

function flip(card: HTMLElement, button: HTMLButtonElement) {
  if (card.hasAttribute("data-flipped")) return;
  card.setAttribute("data-flipped", "true");
  button.setAttribute("aria-expanded", "true");
  document.getElementById(button.getAttribute("aria-controls") ?? "")?.focus({ preventScroll: true });
}

function toggleMore(button: HTMLButtonElement) {
  const list = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!list) return;
  const expanded = button.getAttribute("aria-expanded") !== "true";
  const shownWhenCollapsed = Number(button.getAttribute(MORE_BUTTON_ATTRIBUTE));
  [...list.children].forEach((item, index) => {
    (item as HTMLElement).hidden = !expanded && index >= shownWhenCollapsed;
  });
  button.setAttribute("aria-expanded", String(expanded));
  const label = button.querySelector("span");
  if (label) label.textContent = button.getAttribute(expanded ? LESS_LABEL_ATTRIBUTE : MORE_LABEL_ATTRIBUTE);
}
