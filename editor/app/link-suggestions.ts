import type { PageSummary } from "./api.ts";

/**
 * How many suggestions a link field offers at most. A site of this many addresses (pages and their #anchors) offers
 * them all; a larger one (10,000 pages are some 60,000 addresses) offers those holding what the field holds, as the
 * browser's own list would show of them, so that a form with links opens at once and holds no list of the whole site.
 */
export const MOST_LINK_SUGGESTIONS = 400;

const addresses = new WeakMap<readonly PageSummary[], string[]>();

/** Every page's address and each of its #anchors, in the list's order, each once; made once per list of pages. */
function siteAddresses(pages: readonly PageSummary[]): string[] {
  const known = addresses.get(pages);
  if (known) return known;
  const all = new Set<string>();
  for (const page of pages) {
    all.add(page.path);
    for (const anchor of page.anchors) all.add(`${page.path}#${anchor}`);
  }
  const list = [...all];
  addresses.set(pages, list);
  return list;
}

/**
 * What a link field suggests: the page's own #anchors, then every other page's address and anchors; past
 * MOST_LINK_SUGGESTIONS, those that hold the field's `value` (any case), up to that many.
 */
export function linkSuggestions(
  pages: readonly PageSummary[],
  { pagePath, anchors, value }: { pagePath?: string; anchors: readonly string[]; value: string },
): string[] {
  const site = siteAddresses(pages);
  const all = site.length + anchors.length <= MOST_LINK_SUGGESTIONS;
  const wanted = value.trim().toLowerCase();
  const out = new Set(anchors.map((anchor) => `#${anchor}`));
  for (const address of site) {
    if (out.size >= MOST_LINK_SUGGESTIONS) break;
    if (address !== pagePath && (all || address.toLowerCase().includes(wanted))) out.add(address);
  }
  return [...out];
}
