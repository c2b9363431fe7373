import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "stats",
  version: 1,
  label: "Stats",
  description: "A row of headline figures that count up when first seen.",
  category: "proof",
  icon: "bar-chart",
  // Still figures need no script: a block hydrates only when it counts up or highlights.
  hydrate: (block) => (block.animate || block.highlight) && "approach",
});
