/**
 * The site's redirects (site-config/redirects.json, docs/pages.md#redirects): an address no page has any more, sent on
 * to one that exists. Pure code: validation, the build and the servers read redirects through here.
 */
import type { Redirect } from "./generated/schema-types.ts";

export type { Redirect } from "./generated/schema-types.ts";

/** The file of site-config/ that holds them; without it the site has none. */
export const REDIRECTS_FILE = "redirects.json";

/**
 * What the build writes beside client/ (as api-origin.json and client-manifest.json): every redirect, `from` to `to`,
 * which `npm start`'s server answers with a 301 and `npm run build:nginx` turns into nginx's rules.
 */
export const REDIRECTS_MANIFEST_FILE = "redirects.json";

/** The redirects a document holds, each with its place in the file; entries without both addresses are left out. */
export function redirectsOf(document: unknown): (Redirect & { index: number })[] {
  const list = (document as { redirects?: unknown } | null)?.redirects;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, index) => {
    const { from, to } = (item ?? {}) as { from?: unknown; to?: unknown };
    return typeof from === "string" && typeof to === "string" ? [{ from, to, index }] : [];
  });
}

/** Whether a redirect leads off the site (a full https:// address) rather than to one of its pages. */
export const leadsOffSite = (to: string) => /^https:\/\//i.test(to);

/**
 * The Location a server answers a redirect with: a site path as written (the schema allows only ASCII there), another
 * site's address as a URL parser writes it (any character outside ASCII percent-encoded, nothing encoded twice).
 */
export const locationOf = (to: string) => (leadsOffSite(to) ? new URL(to).href : to);
