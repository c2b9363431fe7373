import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "call-to-action",
  version: 1,
  label: "Call to action",
  description: "The closing banner that ends every page, from site.json's defaults unless overridden.",
  category: "conversion",
  icon: "arrow-right",
});
