import type { Hydration } from "../contract/blocks.ts";
import type { Block } from "../contract/generated/schema-types.ts";
import { manifests } from "./generated/block-manifests.ts";

/**
 * When a block is hydrated in the browser, as its folder's manifest declares (`hydrate` in block.ts), or false when it
 * is prerendered HTML and CSS only and ships no JavaScript. Kept apart from the registry, which the browser loads: the
 * manifests are read only while prerendering.
 */
export function hydrationOf(block: Block): Hydration | false {
  const hydrate = manifests[block.type].hydrate as Hydration | ((block: Block) => Hydration | false) | undefined;
  return typeof hydrate === "function" ? hydrate(block) : (hydrate ?? false);
}

export const isInteractive = (block: Block): boolean => hydrationOf(block) !== false;
