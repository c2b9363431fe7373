import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "channels",
  version: 1,
  label: "Channels",
  description: "The channels the agents work on (voice, chat, email), side by side.",
  category: "content",
  icon: "message-circle",
});
