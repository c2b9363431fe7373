import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "flip-cards",
  version: 1,
  label: "Flip cards",
  description: "Cards that flip over when clicked to show more: use cases or roles.",
  category: "content",
  icon: "refresh",
  enhance: "./flip-cards-dom.ts",
});
