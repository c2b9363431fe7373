import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "engine-diagram",
  version: 1,
  label: "Engine diagram",
  description: "The agent engine: one central component connected to the parts it coordinates.",
  category: "content",
  icon: "workflow",
});
