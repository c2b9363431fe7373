import type { ReactNode } from "react";
import type { Block } from "../generated/schema-types.ts";
import type { SiteData } from "../site-data.ts";

/** What every island of a page shares: the site data and the page's path, serialized once per page. */
export interface IslandContext {
  data: SiteData;
  pathname: string;
}

export const ISLAND_CONTEXT_ID = "island-context";
export const HEADER_ISLAND = "header";

/**
 * Wraps a part of the page that the browser hydrates. `display: contents` keeps the wrapper out of the layout; a block
 * island carries its block as JSON in an attribute, which React escapes like any other attribute.
 */
export function Island({ name, block, children }: { name: string; block?: Block; children: ReactNode }) {
  return (
    <div data-island={name} data-block={block ? JSON.stringify(block) : undefined} style={{ display: "contents" }}>
      {children}
    </div>
  );
}

/** `<` is written as \u003c, so no text from the config can close the script element or open a comment in it. */
export function IslandContextScript({ context }: { context: IslandContext }) {
  return (
    <script type="application/json" id={ISLAND_CONTEXT_ID}>
      {JSON.stringify(context).replace(/</g, "\\u003c")}
    </script>
  );
}
