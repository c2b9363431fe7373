import { defineBlock } from "../../contract/blocks.ts";
import type { ImageSlot } from "../../contract/media.ts";
import { LG, MD, contentShare } from "../../contract/layout-slots.ts";

/**
 * Beside the text: from 1024 px the narrower column (5 of 12 shares of the 7xl container's content less the 64-pixel
 * gap), above the headline figure; below, across the content column, under the text. The picture keeps its own shape;
 * one taller than 36rem is cut to that height, never narrower.
 */
const BESIDE: ImageSlot = { rules: [contentShare(1), contentShare(1, 0, MD), contentShare(5 / 12, 64, LG)] };

/**
 * Behind the text: across the viewport, covering the hero (`object-fit: cover`), cut to a photograph's own 3:2 from
 * 600 px (the hero's shape runs from about as wide as tall to twice as wide as tall on a laptop). Below 1024 px the
 * photo is a band 40rem high behind the text, drawn 3:2 of that wide: some 960 px, cut off at the sides; wider, as wide
 * as the viewport. On a phone held upright the band is taller than wide (412 × 640 px), where a 3:2 picture would
 * arrive with two thirds of its pixels cut off: phones get the photo's upright 2:3 cut, as wide as the viewport.
 */
const BEHIND: ImageSlot = {
  rules: [{ px: 960 }, { from: 960, vw: 100 }],
  aspect: 3 / 2,
  narrow: { below: 600, aspect: 2 / 3, rules: [{ vw: 100 }] },
  // Under the Backdrop's scrim.
  dimmed: true,
};

export default defineBlock({
  type: "industry-hero",
  version: 1,
  label: "Industry hero",
  description: "The opening banner of an industry page, with a badge, a headline figure and an optional picture.",
  category: "hero",
  icon: "building",
  cardHeadline: true,
  images: { image: (block) => (block.imagePlacement === "behind" ? BEHIND : BESIDE) },
});
