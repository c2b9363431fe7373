import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "legal-document",
  version: 1,
  label: "Legal document",
  description: "A policy or terms document: numbered sections, lists and tables, with contents.",
  category: "legal",
  icon: "file-text",
});
