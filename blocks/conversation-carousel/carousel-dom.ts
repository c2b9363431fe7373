import { arrowStep, directionOf } from "../../kit/direction.ts";
import { carouselView, trackTransform } from "./carousel-view.ts";

/** Marks a carousel (ConversationCarousel); its value is "cardWidthPx gapPx visibleCards". */
export const CAROUSEL_ATTRIBUTE = "data-carousel";
/** On a carousel: the first card on screen, kept by this DOM code before hydration and by React after. */
export const INDEX_ATTRIBUTE = "data-index";
/** On a carousel: "on" while it advances by itself, "off" once paused; its play button's icon follows it. */
export const AUTOPLAY_ATTRIBUTE = "data-autoplay";
/** On a carousel: the visitor's choice ("on", "off") made with the play button before hydration. */
export const PLAY_CHOICE_ATTRIBUTE = "data-play-choice";
/** On a carousel: set once React has taken it over; this DOM code then leaves it alone. */
export const LIVE_ATTRIBUTE = "data-carousel-live";
/** On the previous and next buttons: the step, -1 or 1. */
export const STEP_ATTRIBUTE = "data-carousel-step";
export const PLAY_ATTRIBUTE = "data-carousel-play";
export const VIEWPORT_ATTRIBUTE = "data-carousel-viewport";
export const COUNTER_ATTRIBUTE = "data-carousel-counter";
/** On the viewport while cards remain ahead: it fades out its inline end (the right edge in left to right). */
export const MORE_AHEAD_ATTRIBUTE = "data-more-ahead";

export const PAUSE_LABEL = "Pause carousel";
export const PLAY_LABEL = "Play carousel";

/** Whether the visitor moved the carousel (through this DOM code) before React took it over. */
export const movedBeforeHydration = (element: Element): boolean =>
  (element.closest(`[${CAROUSEL_ATTRIBUTE}]`)?.getAttribute(INDEX_ATTRIBUTE) ?? "0") !== "0";

/**
 * What a visitor does on the page that React's root treats as a reason to hydrate a part of it at once: a discrete
 * event (a press, a key, focus) or a continuous one (pointing, moving, the wheel) makes React finish that root's
 * hydration in one task instead of in slices, which on a slow phone holds the first tap for a second or more.
 */
const INPUT_EVENTS = [
  "pointerover",
  "pointerout",
  "pointermove",
  "pointerdown",
  "pointerup",
  "pointercancel",
  "mouseover",
  "mouseout",
  "mousemove",
  "mousedown",
  "mouseup",
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "touchstart",
  "touchmove",
  "touchend",
  "touchcancel",
  "keydown",
  "keyup",
  "focusin",
  "focusout",
  "wheel",
] as const;

/**
 * The carousel's buttons before React has hydrated it, as plain DOM code on the prerendered markup (declared in
 * block.ts, run by the browser entry after the first paint): the first tap on Previous or Next (or press of an arrow
 * key, which moves the way it points) moves the cards at once
 * and Pause is heeded, instead of waiting seconds for the islands runtime on a slow phone. It renders what the
 * component would (carouselView), and leaves on the carousel what React adopts when it takes over (the first card on
 * screen, the play choice); from then on React alone answers. Automatic advance and the agents' replies wait for React.
 *
 * Until then, the visitor's input on the carousel stops here, in the capture phase at the window, before React's root
 * sees it: React would otherwise hydrate the whole carousel in one long task on the first pointer move or tap (the
 * component adopts the pointer and focus resting on it when it takes over). Nothing is prevented: focus, text
 * selection and scrolling happen as usual.
 */
export default function enhanceCarousels(root: Window | HTMLElement = window) {
  const onInput = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const carousel = target?.closest<HTMLElement>(`[${CAROUSEL_ATTRIBUTE}]`);
    if (!target || !carousel || carousel.hasAttribute(LIVE_ATTRIBUTE)) return;
    event.stopPropagation();
    if (event instanceof KeyboardEvent && event.type === "keydown") {
      const step = arrowStep(event.key, directionOf(carousel));
      if (step) show(carousel, Number(carousel.getAttribute(INDEX_ATTRIBUTE)) + step);
      return;
    }
    if (event.type !== "click") return;
    const button = target.closest<HTMLButtonElement>(`button[${STEP_ATTRIBUTE}], button[${PLAY_ATTRIBUTE}]`);
    if (!button) return;
    if (button.hasAttribute(PLAY_ATTRIBUTE)) togglePlay(carousel, button);
    else show(carousel, Number(carousel.getAttribute(INDEX_ATTRIBUTE)) + Number(button.getAttribute(STEP_ATTRIBUTE)));
  };
  for (const type of INPUT_EVENTS) root.addEventListener(type, onInput, { capture: true, passive: true });
}

function show(carousel: HTMLElement, index: number) {
  const viewport = carousel.querySelector<HTMLElement>(`[${VIEWPORT_ATTRIBUTE}]`);
  const track = viewport?.firstElementChild as HTMLElement | null;
  if (!viewport || !track) return;
  const [cardWidthPx, gapPx, visibleCards] = (carousel.getAttribute(CAROUSEL_ATTRIBUTE) ?? "").split(" ").map(Number);
  const slides = [...track.children];
  const view = carouselView(track.clientWidth, index, { cardWidthPx, gapPx, visibleCards, count: slides.length });
  carousel.setAttribute(INDEX_ATTRIBUTE, String(view.current));
  track.style.transform = trackTransform(view.offsetPx, directionOf(carousel));
  slides.forEach((slide, i) => {
    if (i >= view.current && i < view.current + view.fits) slide.removeAttribute("aria-hidden");
    else slide.setAttribute("aria-hidden", "true");
  });
  viewport.toggleAttribute(MORE_AHEAD_ATTRIBUTE, view.current < view.lastIndex);
  for (const step of carousel.querySelectorAll<HTMLButtonElement>(`button[${STEP_ATTRIBUTE}]`))
    step.disabled = step.getAttribute(STEP_ATTRIBUTE) === "-1" ? view.current === 0 : view.current >= view.lastIndex;
  const counter = carousel.querySelector(`[${COUNTER_ATTRIBUTE}]`);
  if (counter) counter.textContent = view.counter;
}

function togglePlay(carousel: HTMLElement, button: HTMLButtonElement) {
  const playing = carousel.getAttribute(AUTOPLAY_ATTRIBUTE) !== "on";
  const state = playing ? "on" : "off";
  carousel.setAttribute(AUTOPLAY_ATTRIBUTE, state);
  carousel.setAttribute(PLAY_CHOICE_ATTRIBUTE, state);
  button.setAttribute("aria-label", playing ? PAUSE_LABEL : PLAY_LABEL);
  carousel
    .querySelector(`[${VIEWPORT_ATTRIBUTE}]`)
    ?.firstElementChild?.setAttribute("aria-live", playing ? "off" : "polite");
}
