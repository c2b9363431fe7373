import { describe, expect, it } from "vitest";
import {
  type ImageSlot,
  mediaHolds,
  narrowMedia,
  shapeViewports,
  sizesWidthAt,
  slotSizes,
  slotWidthAt,
  slotWidths,
  wideMedia,
} from "../contract/media.ts";

const HALF: ImageSlot = {
  rules: [
    { vw: 100, minus: 32 },
    { from: 768, vw: 100, minus: 48 },
    { from: 992, vw: 50, minus: 56, max: 584 },
  ],
  aspect: 4 / 3,
};

describe("a picture's slot", () => {
  it("writes sizes from the widest viewport down", () => {
    expect(slotSizes(HALF, 1.5)).toBe(
      "(min-width: 992px) min(calc(50vw - 56px), 584px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)",
    );
    expect(slotSizes({ height: 40 }, 3)).toBe("120px");
  });

  it("reads back from its sizes the width it gives at every viewport", () => {
    for (const viewport of [320, 390, 767, 768, 991, 992, 1280, 1366, 1920])
      expect(sizesWidthAt(slotSizes(HALF, 1), viewport)).toBeCloseTo(slotWidthAt(HALF, viewport, 1), 0);
  });

  it("makes each width at 1x and 2x for a phone, a tablet and a laptop, never wider than the picture", () => {
    // 716 (a phone at 2x) and 720 (a tablet at 1x) are one file, the larger.
    expect(slotWidths(HALF, 4 / 3, 4000)).toEqual([358, 584, 720, 1168, 1440]);
    expect(slotWidths(HALF, 4 / 3, 700)).toEqual([358, 584, 700]);
    expect(slotWidths({ height: 40 }, 2.5, 4000)).toEqual([100, 200]);
  });

  it("gives a narrow shape the viewports below its breakpoint, and the slot's own shape the others", () => {
    const narrow = { below: 600, aspect: 2 / 3, rules: [{ vw: 100 }] };
    expect(shapeViewports(narrow)).toEqual({ narrow: [390], wide: [768, 1366] });
    // A breakpoint past every viewport, or before them all, still leaves each shape one.
    expect(shapeViewports({ ...narrow, below: 2000 })).toEqual({ narrow: [390, 768, 1366], wide: [1366] });
    expect(shapeViewports({ ...narrow, below: 300 })).toEqual({ narrow: [390], wide: [390, 768, 1366] });
    expect(slotWidths({ rules: narrow.rules }, narrow.aspect, 4000, [390])).toEqual([390, 780]);
  });

  it("writes the two sides of a narrow shape's breakpoint as media queries, and reads them back", () => {
    const narrow = { below: 600, aspect: 2 / 3, rules: [{ vw: 100 }] };
    expect([narrowMedia(narrow), wideMedia(narrow)]).toEqual(["(max-width: 599px)", "(min-width: 600px)"]);
    for (const viewport of [390, 599, 600, 1366])
      expect([mediaHolds(narrowMedia(narrow), viewport), mediaHolds(wideMedia(narrow), viewport)]).toEqual(
        viewport < 600 ? [true, false] : [false, true],
      );
    expect(mediaHolds(undefined, 390)).toBe(true);
  });
});
