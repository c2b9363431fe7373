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
 * Behind the text: across the viewport, covering the hero (`object-fit: cover`). One cut serves every width, so it is
 * a photograph's own 3:2 rather than the hero's shape, which runs from taller than wide on a phone (a crop of one
 * shape there would waste the laptop's) to more than twice as wide as tall on a laptop. Where the hero is wider than
 * 3:2 the picture is as wide as the viewport. On a phone the hero is the taller (at least 36rem, some 640 px with its
 * text), so the picture is drawn as high as the hero and 3:2 of that wide: some 960 px, most of it cut off at the sides.
 */
const BEHIND: ImageSlot = { rules: [{ px: 960 }, { from: 960, vw: 100 }], aspect: 3 / 2 };

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
