import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "channels",
  label: "Channels",
  description: "The channels the agents work on (voice, chat, email), side by side.",
  category: "content",
  icon: "message-circle",
});
