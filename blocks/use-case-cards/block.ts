import { defineBlock } from "../../contract/blocks.ts";
import { cardGridRules } from "../../contract/layout-slots.ts";

export default defineBlock({
  type: "use-case-cards",
  version: 1,
  label: "Use-case cards",
  description: "Cards that each tell a use case: scenario, how the agents help, the impact.",
  category: "content",
  icon: "target",
  // A card's width, the picture across its top cut to 3:2.
  images: { "items/*/image": (block) => ({ rules: cardGridRules(block.columns), aspect: 3 / 2 }) },
});
