import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "case-study",
  version: 1,
  label: "Case study",
  description: "A client's challenge, the solution, the capabilities used and three impact metrics.",
  category: "proof",
  icon: "file-text",
});
