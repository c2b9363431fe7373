import { describe, expect, it } from "vitest";
import { slotSizes, slotWidthAt } from "../contract/media.ts";
import { LG, MD, cardGridRules, contentShare } from "../contract/layout-slots.ts";

const widths = (rules: ReturnType<typeof cardGridRules>) =>
  [390, 800, 1024, 1366].map((viewport) => slotWidthAt({ rules }, viewport, 1));

describe("image slots in the page's content column", () => {
  it("takes the viewport less the container's margins, 16 px a side on phones and 24 px from 768 px", () => {
    expect(widths([contentShare(1), contentShare(1, 0, MD)])).toEqual([358, 752, 976, 1318]);
  });

  it("stops growing with the container, at 1,232 px of content, from 1024 px on", () => {
    expect(widths([contentShare(1), contentShare(1, 0, MD), contentShare(1, 0, LG)])).toEqual([358, 752, 976, 1232]);
  });

  it("gives a column of a grid its share of the content after the gaps", () => {
    // Halves with a 64-pixel gap: (1366 − 48 − 64) ÷ 2 = 627, at most (1232 − 64) ÷ 2 = 584.
    expect(slotWidthAt({ rules: [contentShare(1 / 2, 64, LG)] }, 1366, 1)).toBe(584);
    expect(slotWidthAt({ rules: [contentShare(1 / 2, 64, LG)] }, 1100, 1)).toBe(494);
  });

  it("follows the usual grid of cards: one a row, two from 768 px, the block's columns from 1024 px", () => {
    expect(widths(cardGridRules(3))).toEqual([358, 364, 309, 395]);
    expect(widths(cardGridRules(2))).toEqual([358, 364, 476, 604]);
    expect(widths(cardGridRules(4))).toEqual([358, 364, 226, 290]);
    expect(slotSizes({ rules: cardGridRules(3) }, 1)).toBe(
      "(min-width: 1024px) min(calc(33.33vw - 32px), 395px), (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)",
    );
  });
});
