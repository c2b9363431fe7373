import { defineBlock } from "../../contract/blocks.ts";
import type { ImageSlot } from "../../contract/media.ts";
import { LG, MD, contentShare } from "../../contract/layout-slots.ts";

/**
 * Beside the text: from 1024 px a column of the two (the 7xl container's content less the 64-pixel gap, halved); below,
 * under the text across the content column, at most 672 px (2xl). The picture keeps its own shape (a screenshot shows
 * whole); one taller than 36rem is cut to that height, never narrower.
 */
const BESIDE: ImageSlot = {
  rules: [contentShare(1), { ...contentShare(1, 0, MD), max: 672 }, contentShare(1 / 2, 64, LG)],
};

/**
 * Behind the text: across the viewport, covering the hero (`object-fit: cover`), in a photograph's own 3:2 from
 * 600 px, where the hero runs from about as wide as tall to more than twice as wide as tall on a laptop: where it is
 * wider than 3:2 the picture is as wide as the viewport; below 960 px the hero is the taller (at least 36rem, some
 * 640 px with its text), so the picture is drawn as high as the hero and 3:2 of that wide, some 960 px. A phone held
 * upright shows a hero taller than wide (412 × 576 px): there, a 3:2 picture would arrive with two thirds of its pixels
 * cut off at the sides, so phones get the photo's upright 2:3 cut around its focal point, as wide as the viewport.
 */
const BEHIND: ImageSlot = {
  rules: [{ px: 960 }, { from: 960, vw: 100 }],
  aspect: 3 / 2,
  narrow: { below: 600, aspect: 2 / 3, rules: [{ vw: 100 }] },
  // Under the Backdrop's scrim.
  dimmed: true,
};

export default defineBlock({
  type: "hero",
  version: 1,
  label: "Hero",
  description: "The opening banner: large heading, optional rotating word, pitch, offer, buttons and picture.",
  category: "hero",
  icon: "sparkles",
  enhance: "./rotate-words.ts",
  images: { image: (block) => (block.imagePlacement === "behind" ? BEHIND : BESIDE) },
});
