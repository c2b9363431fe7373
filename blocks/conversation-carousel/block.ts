import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "conversation-carousel",
  label: "Conversation carousel",
  description: "A sliding row of sample conversations, the agent replying a moment later.",
  category: "proof",
  icon: "message-circle",
  hydrate: "approach",
});
