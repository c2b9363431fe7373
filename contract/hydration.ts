import type { BlockManifest, BlockType, Hydration } from "./blocks.ts";
import type { Block } from "./generated/schema-types.ts";

/**
 * When a block is hydrated in the browser, as its folder's manifest declares (`hydrate` in block.ts), or false when it
 * is prerendered HTML and CSS only and ships no JavaScript. The prerenderer decides its islands with it and
 * `npm run budgets` counts their chunks, both from the generated table of manifests; the manifests are read only while prerendering, never by the browser.
 */
export function hydrationOf(
  manifests: { readonly [T in BlockType]: BlockManifest<T> },
  block: Block,
): Hydration | false {
  const hydrate = manifests[block.type].hydrate as Hydration | ((block: Block) => Hydration | false) | undefined;
  return typeof hydrate === "function" ? hydrate(block) : (hydrate ?? false);
}

type Manifests = { readonly [T in BlockType]: BlockManifest<T> };

/**
 * The module of a block type's DOM enhancement (`enhance` in block.ts) as the client build's manifest names it, e.g.
 * `blocks/hero/rotate-words.ts`, or undefined for a type without one. The prerenderer preloads those of a page's blocks
 * and `npm run budgets` counts them, each from this.
 */
export const enhancementModule = (manifests: Manifests, type: BlockType): string | undefined =>
  enhancementModuleOf(type, manifests[type].enhance);

/** The module of the DOM enhancement `enhance` (a path relative to its folder) of the block type `type`. */
export const enhancementModuleOf = (type: string, enhance: string | undefined): string | undefined =>
  enhance ? `blocks/${type}/${enhance.replace(/^\.\//, "")}` : undefined;

/** The enhancement modules of every block type: what the entry imports for its page's blocks, not the islands runtime. */
export const enhancementModules = (manifests: Manifests): Set<string> =>
  new Set((Object.keys(manifests) as BlockType[]).flatMap((type) => enhancementModule(manifests, type) ?? []));
