import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "text-section",
  version: 1,
  label: "Text section",
  description: "A section of prose: a heading and paragraphs, with an optional bullet list.",
  category: "content",
  icon: "file-text",
});
