import { defineBlock } from "../../contract/blocks.ts";
import { LG, MD, contentShare } from "../../contract/layout-slots.ts";

export default defineBlock({
  type: "case-study",
  version: 1,
  label: "Case study",
  description: "A client's challenge, the solution, the capabilities used and three impact metrics.",
  category: "proof",
  icon: "file-text",
  images: {
    // From 1024 px the narrower column (5 of 12 shares of the content less the 24-pixel gap), as tall as the story
    // beside it: cut to a portrait 4:5, which that column's shape is near. Below, across the content column (shown 3:2).
    image: { rules: [contentShare(1), contentShare(1, 0, MD), contentShare(5 / 12, 24, LG)], aspect: 4 / 5 },
  },
});
