import { defineBlock } from "../../contract/blocks.ts";

export default defineBlock({
  type: "video",
  version: 1,
  label: "Video",
  description: "A muted, looping demo video with sound and pause buttons; the player loads when near.",
  category: "media",
  icon: "eye",
  hydrate: "approach",
});
