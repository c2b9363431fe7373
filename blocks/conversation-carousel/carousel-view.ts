/** The carousel's settings that decide what is on screen (the block's schema gives them). */
export interface CarouselSettings {
  cardWidthPx: number;
  gapPx: number;
  visibleCards: number;
  count: number;
}

import type { Direction } from "../../kit/direction.ts";

export interface CarouselView {
  /** The first card on screen. */
  current: number;
  /** How many cards are on screen at once. */
  fits: number;
  /** The furthest the carousel goes: the last card is then in view. */
  lastIndex: number;
  /** How far the track is moved towards the inline start (the left in left to right), in pixels. */
  offsetPx: number;
  /** What the counter says: "2–4 / 7", or "2 / 7" when one card fits. */
  counter: string;
}

/**
 * What the carousel shows at `index` in a viewport `width` pixels wide (0 until measured, as in the prerender, which
 * assumes a wide screen): a narrow screen fits fewer, narrower cards. One function for the block's component and its
 * DOM code (carousel-dom.ts), so that the visitor's taps before and after hydration land on the same cards.
 */
export function carouselView(width: number, index: number, settings: CarouselSettings): CarouselView {
  const { cardWidthPx, gapPx, visibleCards, count } = settings;
  const cardWidth = width ? Math.min(cardWidthPx, width) : cardWidthPx;
  const fits = width
    ? Math.max(1, Math.min(visibleCards, Math.floor((width + gapPx) / (cardWidth + gapPx))))
    : visibleCards;
  const lastIndex = Math.max(0, count - fits);
  const current = Math.max(0, Math.min(index, lastIndex));
  const shown = fits > 1 ? `${current + 1}–${Math.min(count, current + fits)}` : `${current + 1}`;
  return { current, fits, lastIndex, offsetPx: current * (cardWidth + gapPx), counter: `${shown} / ${count}` };
}

/**
 * The track's transform for `offsetPx`: cards come in from the inline end, so the track moves towards the start (left
 * in left to right, right in right to left).
 */
export const trackTransform = (offsetPx: number, direction: Direction) =>
  direction === "rtl" ? `translateX(${offsetPx}px)` : `translateX(-${offsetPx}px)`;
