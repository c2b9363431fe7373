import { defineBlock } from "../../contract/blocks.ts";
import type { ImageSlot } from "../../contract/media.ts";

/** The page's content column: the viewport less its margins, at most the container's 1,232 pixels of content. */
export const CONTENT_WIDTH: ImageSlot = {
  rules: [
    { vw: 100, minus: 32 },
    { from: 768, vw: 100, minus: 48, max: 1232 },
  ],
};

const NARROW_WIDTH: ImageSlot = {
  rules: [
    { vw: 100, minus: 32 },
    { from: 768, vw: 100, minus: 48, max: 768 },
  ],
};

export default defineBlock({
  type: "image",
  version: 1,
  label: "Image",
  description: "One picture across the page, with a caption and an optional link: a screenshot, a photo, a diagram.",
  category: "media",
  icon: "image",
  images: { image: (block) => (block.width === "narrow" ? NARROW_WIDTH : CONTENT_WIDTH) },
});
