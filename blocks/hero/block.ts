import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "hero",
  version: 1,
  label: "Hero",
  description: "The opening banner: large heading, optional rotating word, pitch, offer and buttons.",
  category: "hero",
  icon: "sparkles",
  enhance: "./rotate-words.ts",
});
