import { createContext, useContext } from "react";
import { Scripts } from "react-router";

/** The islands client entry's URL and the chunks it imports, from the build's manifest (entry.server provides them). */
export interface IslandAssets {
  module: string;
  imports: string[];
  /** The dev server's hot-reload runtime, which must run before any component module. */
  hmrRuntime?: string;
  /**
   * React Router prerenders a fallback document for client-side routing that its build insists carries <Scripts />.
   * No page is served from it (server/site/static-site.ts never serves __spa-fallback.html).
   */
  spaFallback: boolean;
}

export const IslandAssetsContext = createContext<IslandAssets | null>(null);

/** The script tags of a page: the islands entry and its imports, preloaded in parallel. */
export function IslandScripts() {
  const assets = useContext(IslandAssetsContext);
  if (!assets) return null;
  if (assets.spaFallback) return <Scripts />;
  return (
    <>
      {assets.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {assets.hmrRuntime ? <script type="module" src={assets.hmrRuntime} /> : null}
      <script type="module" src={assets.module} />
    </>
  );
}
