import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "platform-section",
  version: 1,
  label: "Platform section",
  description: "Text and bullet points beside an illustration of the product's screens.",
  category: "content",
  icon: "layers",
});
