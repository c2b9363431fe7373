import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "logo-wall",
  version: 1,
  label: "Logo wall",
  description: "Customers' or partners' logos in a row, at one height, with optional links.",
  category: "proof",
  icon: "building",
  images: { "logos/*/image": (block) => ({ height: block.height }) },
});
