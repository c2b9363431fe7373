import { EDITOR_VIEWS, editAddress } from "../protocol.ts";

const OLD_VIEWS: Record<string, string> = {
  "#/changes": EDITOR_VIEWS.changes,
  "#/review": EDITOR_VIEWS.review,
  "#/team": EDITOR_VIEWS.team,
};

/**
 * Where an address of the editor's earlier kind, its view after `#` (`#/edit/<file>`, `#/changes`, `#/review`,
 * `#/team`), as bookmarks keep it, is now; undefined for every other address. One it cannot read is the page list.
 */
export function addressOfHash(hash: string): string | undefined {
  if (!hash.startsWith("#/")) return undefined;
  if (!hash.startsWith("#/edit/")) return OLD_VIEWS[hash] ?? EDITOR_VIEWS.pages;
  try {
    const file = decodeURIComponent(hash.slice("#/edit/".length));
    return file ? editAddress(file) : EDITOR_VIEWS.pages;
  } catch {
    return EDITOR_VIEWS.pages;
  }
}
