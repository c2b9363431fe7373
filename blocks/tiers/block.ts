import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "tiers",
  version: 1,
  label: "Tiers",
  description: "Cards for team sizes or scales of deployment, one of them highlighted.",
  category: "conversion",
  icon: "users",
});
