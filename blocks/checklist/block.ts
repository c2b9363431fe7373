import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "checklist",
  version: 1,
  label: "Checklist",
  description: "A list of short features or capabilities, each with a tick or its own icon.",
  category: "content",
  icon: "check-circle",
});
