/** The widths of the places blocks show pictures in, from the page's layout: what block manifests declare (docs/media.md). */
import type { SlotRule } from "./media.ts";

/** Where Chakra's `md` and `lg` start (px): the breakpoints at which the blocks' grids change. */
export const MD = 768;
export const LG = 1024;

/** The page's content column (Section's Container, 7xl): the viewport less 16 px each side, 24 px from `md` on… */
const margins = (from: number) => (from >= MD ? 48 : 32);
/** …at most 1,280 px less those margins. */
const CONTENT_MAX = 1232;

/**
 * One rule of an image slot (contract/media.ts) for a place that takes a share of the page's content column from a
 * viewport width on: a column of a grid of `share` of the row, after `gaps` pixels of gaps, as CSS draws
 * `minmax(0, Nfr)` columns. A card of a three-column grid with 24-pixel gaps from 1024 px is
 * `contentShare(1 / 3, 48, LG)`: (100vw − 48 − 48) ÷ 3, at most (1232 − 48) ÷ 3.
 */
export function contentShare(share: number, gaps = 0, from = 0): SlotRule {
  const rule: SlotRule = {
    vw: Math.round(share * 10_000) / 100,
    minus: Math.round(share * (margins(from) + gaps)),
  };
  // Only from 1024 px on can the column reach its widest (at 1280 px), and say so in `sizes`.
  if (from >= LG) rule.max = Math.round(share * (CONTENT_MAX - gaps));
  return from ? { from, ...rule } : rule;
}

/**
 * The rules of a card's width in the blocks' usual grid of cards (SimpleGrid, gaps of 24 px): one card a row on phones,
 * two from 768 px, `columns` from 1024 px. (The card's 1-pixel border, which narrows its picture by 2 px, is no matter.)
 */
export const cardGridRules = (columns: number): SlotRule[] => [
  contentShare(1),
  contentShare(1 / 2, 24, MD),
  contentShare(1 / columns, 24 * (columns - 1), LG),
];
