import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "industry-index",
  version: 1,
  label: "Industry index",
  description: "Cards linking to every industry page, built from the pages' navigation entries.",
  category: "navigation",
  icon: "globe",
});
