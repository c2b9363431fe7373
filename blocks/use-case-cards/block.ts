import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "use-case-cards",
  version: 1,
  label: "Use-case cards",
  description: "Cards that each tell a use case: scenario, how the agents help, the impact.",
  category: "content",
  icon: "target",
});
