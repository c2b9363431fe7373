import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "industry-index",
  label: "Industry index",
  description: "Cards linking to every industry page, built from the pages' navigation entries.",
  category: "navigation",
  icon: "globe",
});
