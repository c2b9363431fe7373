import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "steps",
  version: 1,
  label: "Steps",
  description: "Numbered steps of a process, in alternating rows or a compact row of columns.",
  category: "content",
  icon: "trending-up",
});
