import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "media-text",
  version: 1,
  label: "Media and text",
  description: "Rows of a picture beside its text, on alternating sides: features and their screenshots.",
  category: "media",
  icon: "columns",
  images: {
    // A column of the two-column grid from 992 pixels on (half the content less half the gap), else the full column.
    "rows/*/image": {
      rules: [
        { vw: 100, minus: 32 },
        { from: 768, vw: 100, minus: 48 },
        { from: 992, vw: 50, minus: 56, max: 584 },
      ],
      aspect: 4 / 3,
    },
  },
});
