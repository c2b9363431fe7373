// Generated from the block folders by scripts/generate.ts (npm run gen). Do not edit.
import type { BlockComponent, BlockType } from "../../contract/blocks.ts";

/** Block type → its component's module. Each block is its own chunk, so a page ships only its blocks. */
export const components: { [T in BlockType]: () => Promise<{ default: BlockComponent<T> }> } = {
  "call-to-action": () => import("../../blocks/call-to-action/CallToAction.tsx"),
  "card-grid": () => import("../../blocks/card-grid/CardGrid.tsx"),
  "case-study": () => import("../../blocks/case-study/CaseStudy.tsx"),
  channels: () => import("../../blocks/channels/Channels.tsx"),
  checklist: () => import("../../blocks/checklist/Checklist.tsx"),
  "conversation-carousel": () => import("../../blocks/conversation-carousel/ConversationCarousel.tsx"),
  "engine-diagram": () => import("../../blocks/engine-diagram/EngineDiagram.tsx"),
  "flip-cards": () => import("../../blocks/flip-cards/FlipCards.tsx"),
  hero: () => import("../../blocks/hero/Hero.tsx"),
  "industry-hero": () => import("../../blocks/industry-hero/IndustryHero.tsx"),
  "industry-index": () => import("../../blocks/industry-index/IndustryIndex.tsx"),
  "lead-form": () => import("../../blocks/lead-form/LeadForm.tsx"),
  "legal-document": () => import("../../blocks/legal-document/LegalDocument.tsx"),
  "platform-section": () => import("../../blocks/platform-section/PlatformSection.tsx"),
  promises: () => import("../../blocks/promises/Promises.tsx"),
  "security-layers": () => import("../../blocks/security-layers/SecurityLayers.tsx"),
  stats: () => import("../../blocks/stats/Stats.tsx"),
  steps: () => import("../../blocks/steps/Steps.tsx"),
  "text-section": () => import("../../blocks/text-section/TextSection.tsx"),
  tiers: () => import("../../blocks/tiers/Tiers.tsx"),
  "use-case-cards": () => import("../../blocks/use-case-cards/UseCaseCards.tsx"),
  video: () => import("../../blocks/video/Video.tsx"),
};
