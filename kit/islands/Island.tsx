import { type ReactNode, createContext, useContext } from "react";
import type { Block, ChromeText } from "../../contract/generated/schema-types.ts";
import type { Hydration } from "../../contract/blocks.ts";
import type { SiteData } from "../site-data.ts";
import { ISLAND_CONTEXT_ID } from "./names.ts";

/**
 * The parts of site.json that islands read (the header: brand, phone, menus). Only these are serialized into every
 * page, which keeps each page's HTML small; an island that starts reading another part of site.json adds its key here.
 */
const ISLAND_SITE_KEYS = ["brand", "contact", "navigation"] as const;

type IslandSiteData = Omit<SiteData, "site" | "locale"> & {
  site: Pick<SiteData["site"], (typeof ISLAND_SITE_KEYS)[number]> & {
    /** The lead form's messages, when the page's locale writes its own (the form falls back to British English). */
    chrome?: Pick<ChromeText, "leadForm">;
  };
};

/** What every island of a page shares: the site data it reads and the page's path, serialized once per page. */
export interface IslandContext {
  data: IslandSiteData;
  pathname: string;
}

export function islandContext(data: SiteData, pathname: string): IslandContext {
  const site: IslandSiteData["site"] = {
    ...(Object.fromEntries(ISLAND_SITE_KEYS.map((key) => [key, data.site[key]])) as Pick<
      SiteData["site"],
      (typeof ISLAND_SITE_KEYS)[number]
    >),
  };
  const leadForm = data.site.chrome?.leadForm;
  if (leadForm) site.chrome = { leadForm };
  // The locale's switcher and paths are the chrome's, which is never hydrated.
  return { data: { site, industries: data.industries, leadApiUrl: data.leadApiUrl }, pathname };
}

const IslandKeyContext = createContext("page");

/**
 * An element id that is the same in the prerendered HTML and in the hydrated island. React's useId numbers ids by
 * their place in the tree, and an island is a tree of its own in the browser but a branch of the page on the server,
 * so ids that tie a button to the panel it controls are built from the island's key instead.
 */
export function useIslandId(part: string): string {
  return `${useContext(IslandKeyContext)}-${part}`;
}

/** Gives an island's content its key, on the server (Island) and in the browser (entry.client.tsx). */
export const IslandKeyProvider = IslandKeyContext.Provider;

interface IslandProps {
  name: string;
  /** Unique on the page; prefixes the island's element ids. */
  islandKey: string;
  block?: Block;
  /** When the browser hydrates it (see Hydration). */
  hydration?: Hydration;
  children: ReactNode;
}

/**
 * Wraps a part of the page that the browser hydrates. `display: contents` keeps the wrapper out of the layout; a block
 * island carries its block as JSON in an attribute, which React escapes like any other attribute.
 */
export function Island({ name, islandKey, block, hydration, children }: IslandProps) {
  return (
    <div
      data-island={name}
      data-island-key={islandKey}
      data-block={block ? JSON.stringify(block) : undefined}
      data-hydrate={hydration}
      style={{ display: "contents" }}
    >
      <IslandKeyProvider value={islandKey}>{children}</IslandKeyProvider>
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
