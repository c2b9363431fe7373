import { createContext, useContext } from "react";
import { RUNTIME_CHUNKS_ATTRIBUTE } from "../../kit/islands/names.ts";

/** The islands client entry's URL and the chunks it imports, from the build's manifest (entry.server provides them). */
export interface IslandAssets {
  module: string;
  imports: string[];
  /** The chunks that the entry loads after the page has loaded (the islands runtime), which it may prefetch. */
  runtime: string[];
  /** The dev server's hot-reload runtime, which must run before any component module. */
  hmrRuntime?: string;
}

export const IslandAssetsContext = createContext<IslandAssets | null>(null);

/**
 * The script tags of a page: the islands entry and its imports, preloaded in parallel. The page is whole without them,
 * so they are fetched at low priority: the HTML, critical CSS and images come first and paint is never held for them.
 */
export function IslandScripts() {
  const assets = useContext(IslandAssetsContext);
  if (!assets) return null;
  return (
    <>
      {assets.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
      ))}
      {assets.hmrRuntime ? <script type="module" src={assets.hmrRuntime} /> : null}
      <script
        type="module"
        src={assets.module}
        fetchPriority="low"
        {...{ [RUNTIME_CHUNKS_ATTRIBUTE]: assets.runtime.join(" ") || undefined }}
      />
    </>
  );
}
