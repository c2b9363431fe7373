import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "card-grid",
  version: 1,
  label: "Card grid",
  description: "A grid of icon cards: benefits, capabilities, features or trust points.",
  category: "content",
  icon: "layers",
});
