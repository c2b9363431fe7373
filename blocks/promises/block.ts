import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "promises",
  version: 1,
  label: "Promises",
  description: "Short promises that share one lead word, such as 'Always'.",
  category: "content",
  icon: "shield-check",
});
