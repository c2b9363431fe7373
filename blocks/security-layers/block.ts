import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "security-layers",
  version: 1,
  label: "Security layers",
  description: "The layers of protection around customer data, drawn as nested rings.",
  category: "content",
  icon: "lock",
});
