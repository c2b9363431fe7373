import type { ComponentType } from "react";
import type { Block } from "./generated/schema-types.ts";

export type BlockType = Block["type"];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
export type BlockComponent<T extends BlockType> = ComponentType<{ block: BlockOf<T> }>;
export type AnyBlockComponent = ComponentType<{ block: Block }>;

/**
 * Block type → its component's module. Typed by the generated union of block schemas: a schema without a component,
 * or a component without a schema, fails the type-check. Each block is its own chunk, so a page ships only its blocks.
 */
export const registry: { [T in BlockType]: () => Promise<{ default: BlockComponent<T> }> } = {
  "call-to-action": () => import("../blocks/call-to-action/CallToAction.tsx"),
  "case-study": () => import("../blocks/case-study/CaseStudy.tsx"),
  "card-grid": () => import("../blocks/card-grid/CardGrid.tsx"),
  channels: () => import("../blocks/channels/Channels.tsx"),
  "conversation-carousel": () => import("../blocks/conversation-carousel/ConversationCarousel.tsx"),
  "engine-diagram": () => import("../blocks/engine-diagram/EngineDiagram.tsx"),
  "flip-cards": () => import("../blocks/flip-cards/FlipCards.tsx"),
  hero: () => import("../blocks/hero/Hero.tsx"),
  "lead-form": () => import("../blocks/lead-form/LeadForm.tsx"),
  "platform-section": () => import("../blocks/platform-section/PlatformSection.tsx"),
  promises: () => import("../blocks/promises/Promises.tsx"),
  "security-layers": () => import("../blocks/security-layers/SecurityLayers.tsx"),
  stats: () => import("../blocks/stats/Stats.tsx"),
  steps: () => import("../blocks/steps/Steps.tsx"),
  "text-section": () => import("../blocks/text-section/TextSection.tsx"),
  tiers: () => import("../blocks/tiers/Tiers.tsx"),
  checklist: () => import("../blocks/checklist/Checklist.tsx"),
  "industry-hero": () => import("../blocks/industry-hero/IndustryHero.tsx"),
  "industry-index": () => import("../blocks/industry-index/IndustryIndex.tsx"),
  "legal-document": () => import("../blocks/legal-document/LegalDocument.tsx"),
  "use-case-cards": () => import("../blocks/use-case-cards/UseCaseCards.tsx"),
  video: () => import("../blocks/video/Video.tsx"),
};

/**
 * When an island hydrates:
 * - "approach": as it nears the screen, since it moves by itself as soon as it is seen (a counter, a rotation);
 * - "interaction": when the visitor first points at, touches or focuses it, since it only ever answers the visitor
 *   (a form). A click on one of its buttons before then is held and replayed.
 */
export type Hydration = "approach" | "interaction";

/**
 * The block types that move, each with when a given block of the type must be live (false: it does not move). Only
 * these are hydrated in the browser (as islands, with their code); every other block is prerendered HTML and CSS, and
 * ships no JavaScript.
 */
const interactive: { [T in BlockType]?: (block: BlockOf<T>) => Hydration | false } = {
  "conversation-carousel": () => "approach",
  "lead-form": () => "interaction",
  stats: (block) => (block.animate !== false || Boolean(block.highlight)) && "approach",
  video: () => "approach",
};

export function hydrationOf(block: Block): Hydration | false {
  const when = interactive[block.type] as ((block: Block) => Hydration | false) | undefined;
  return when?.(block) ?? false;
}

export const isInteractive = (block: Block): boolean => hydrationOf(block) !== false;

/** Loads the component of a block type, from its own chunk. */
export async function loadBlock(type: BlockType): Promise<AnyBlockComponent> {
  const load = registry[type] as (() => Promise<{ default: AnyBlockComponent }>) | undefined;
  // Validation refuses unknown types before a build, so reaching this is a bug, not a content error.
  if (!load) throw new Error(`No component is registered for block type '${type}'`);
  return (await load()).default;
}
