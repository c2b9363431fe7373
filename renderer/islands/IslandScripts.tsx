import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import type { BlockType } from "../../contract/blocks.ts";
import type { Block } from "../../contract/generated/schema-types.ts";
import { enhancementModule } from "../../contract/hydration.ts";
import { ENHANCEMENTS_ATTRIBUTE, RUNTIME_CHUNKS_ATTRIBUTE } from "../../kit/islands/names.ts";
import { manifests } from "../generated/block-manifests.ts";

/** The islands client entry's URL and the chunks it imports, from the build's manifest (entry.server provides them). */
export interface IslandAssets {
  module: string;
  imports: string[];
  /** The chunks that the entry loads after the page has loaded (the islands runtime), which it may prefetch. */
  runtime: string[];
  /** The chunks of these block types' DOM enhancements (none on the dev server, which serves them as imported). */
  enhancementChunks: (types: readonly BlockType[]) => string[];
  /** The dev server's hot-reload runtime, which must run before any component module. */
  hmrRuntime?: string;
}

export const IslandAssetsContext = createContext<IslandAssets | null>(null);

/**
 * What a route tells the page's scripts about the blocks it renders without a page document of its own (the block
 * catalogue): their types, in its `handle`.
 */
export interface BlockTypesHandle {
  blockTypes: readonly BlockType[];
}

/** The types of the blocks on the page being rendered that have a DOM enhancement, in the page's order. */
function useEnhancedTypes(): BlockType[] {
  const types = useMatches().flatMap((match) => [
    ...((match.data as { page?: { blocks: Block[] } } | undefined)?.page?.blocks ?? []).map((block) => block.type),
    ...((match.handle as Partial<BlockTypesHandle> | undefined)?.blockTypes ?? []),
  ]);
  return [...new Set(types)].filter((type) => enhancementModule(manifests, type));
}

/**
 * The script tags of a page: the islands entry and its imports, and the DOM enhancements of the page's blocks, preloaded
 * in parallel. The page is whole without them, so they are fetched at low priority: the HTML, critical CSS and images
 * come first and paint is never held for them.
 */
export function IslandScripts() {
  const assets = useContext(IslandAssetsContext);
  const enhanced = useEnhancedTypes();
  if (!assets) return null;
  const preloads = [...new Set([...assets.imports, ...assets.enhancementChunks(enhanced)])];
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      {assets.hmrRuntime ? <script type="module" src={assets.hmrRuntime} /> : null}
      <script
        type="module"
        src={assets.module}
        fetchPriority="low"
        {...{
          [RUNTIME_CHUNKS_ATTRIBUTE]: assets.runtime.join(" ") || undefined,
          [ENHANCEMENTS_ATTRIBUTE]: enhanced.join(" ") || undefined,
        }}
      />
    </>
  );
}
