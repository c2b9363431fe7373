import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "conversation-carousel",
  version: 1,
  label: "Conversation carousel",
  description: "A sliding row of sample conversations, the agent replying a moment later.",
  category: "proof",
  icon: "message-circle",
  hydrate: "approach",
  // Its buttons answer before hydration (carousel-dom.ts); React adopts what the visitor did.
  enhance: "./carousel-dom.ts",
  noScriptCss: "./no-script.ts",
});
