import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "case-study",
  label: "Case study",
  description: "A client's challenge, the solution, the capabilities used and three impact metrics.",
  category: "proof",
  icon: "file-text",
});
