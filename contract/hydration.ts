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
