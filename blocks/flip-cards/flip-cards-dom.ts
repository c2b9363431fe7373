/** Marks a flip card (FlipCard); it gets `data-flipped` once flipped. */
export const FLIP_CARD_ATTRIBUTE = "data-flip-card";

/**
 * The flip cards' flips, as plain DOM code on the prerendered markup (declared in block.ts, run by the browser entry
 * after the first paint), so that the first tap answers at once, without React: a card's button flips it for good
 * (aria-expanded true, `data-flipped`) and moves focus to its back. One listener on the root serves every card, so
 * nothing is bound card by card. The "discover more" disclosure needs no script (FlipCards).
 */
export default function enhanceFlipCards(root: HTMLElement | Document = document) {
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>("button[aria-controls]");
    const card = button?.closest<HTMLElement>(`[${FLIP_CARD_ATTRIBUTE}]`);
    if (button && card) flip(card, button);
  });
}

function flip(card: HTMLElement, button: HTMLButtonElement) {
  if (card.hasAttribute("data-flipped")) return;
  card.setAttribute("data-flipped", "true");
  button.setAttribute("aria-expanded", "true");
  document.getElementById(button.getAttribute("aria-controls") ?? "")?.focus({ preventScroll: true });
}
