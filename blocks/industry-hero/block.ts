import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "industry-hero",
  version: 1,
  label: "Industry hero",
  description: "The opening banner of an industry page, with a badge and a headline figure.",
  category: "hero",
  icon: "building",
  cardHeadline: true,
});
