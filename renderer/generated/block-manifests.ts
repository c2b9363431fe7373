// Generated from the block folders by scripts/generate.ts (npm run gen). Do not edit.
import type { BlockManifest, BlockType } from "../../contract/blocks.ts";
import callToAction from "../../blocks/call-to-action/block.ts";
import cardGrid from "../../blocks/card-grid/block.ts";
import caseStudy from "../../blocks/case-study/block.ts";
import channels from "../../blocks/channels/block.ts";
import checklist from "../../blocks/checklist/block.ts";
import conversationCarousel from "../../blocks/conversation-carousel/block.ts";
import engineDiagram from "../../blocks/engine-diagram/block.ts";
import flipCards from "../../blocks/flip-cards/block.ts";
import hero from "../../blocks/hero/block.ts";
import industryHero from "../../blocks/industry-hero/block.ts";
import industryIndex from "../../blocks/industry-index/block.ts";
import leadForm from "../../blocks/lead-form/block.ts";
import legalDocument from "../../blocks/legal-document/block.ts";
import platformSection from "../../blocks/platform-section/block.ts";
import promises from "../../blocks/promises/block.ts";
import securityLayers from "../../blocks/security-layers/block.ts";
import stats from "../../blocks/stats/block.ts";
import steps from "../../blocks/steps/block.ts";
import textSection from "../../blocks/text-section/block.ts";
import tiers from "../../blocks/tiers/block.ts";
import useCaseCards from "../../blocks/use-case-cards/block.ts";
import video from "../../blocks/video/block.ts";

export const manifests: { [T in BlockType]: BlockManifest<T> } = {
  "call-to-action": callToAction,
  "card-grid": cardGrid,
  "case-study": caseStudy,
  channels: channels,
  checklist: checklist,
  "conversation-carousel": conversationCarousel,
  "engine-diagram": engineDiagram,
  "flip-cards": flipCards,
  hero: hero,
  "industry-hero": industryHero,
  "industry-index": industryIndex,
  "lead-form": leadForm,
  "legal-document": legalDocument,
  "platform-section": platformSection,
  promises: promises,
  "security-layers": securityLayers,
  stats: stats,
  steps: steps,
  "text-section": textSection,
  tiers: tiers,
  "use-case-cards": useCaseCards,
  video: video,
};
