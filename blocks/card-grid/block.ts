import { defineBlock } from "../../contract/blocks.ts";
import { cardGridRules } from "../../contract/layout-slots.ts";

export default defineBlock({
  type: "card-grid",
  version: 1,
  label: "Card grid",
  description: "A grid of icon cards: benefits, capabilities, features or trust points.",
  category: "content",
  icon: "layers",
  // A card's width, the picture across its top cut to 3:2.
  images: { "cards/*/image": (block) => ({ rules: cardGridRules(block.columns), aspect: 3 / 2 }) },
});
