import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "lead-form",
  version: 1,
  label: "Lead form",
  description: "A pitch with benefits beside the form that sends a lead to the lead API.",
  category: "conversion",
  icon: "mail",
  hydrate: "interaction",
});
