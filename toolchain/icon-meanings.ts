import fs from "node:fs";
import { createRequire } from "node:module";
import { lucideExports } from "../contract/icon-catalog.ts";

const require = createRequire(import.meta.url);
let lucideTags: Record<string, readonly string[]> | undefined;

/** The words lucide gives each of its icons (lucide-static's tags.json), read the first time a name is looked up. */
function tags(): Record<string, readonly string[]> {
  lucideTags ??= JSON.parse(fs.readFileSync(require.resolve("lucide-static/tags.json"), "utf8")) as Record<
    string,
    readonly string[]
  >;
  return lucideTags;
}

/** lucide's own name of an export: "Building2" → "building-2", "ChartColumn" → "chart-column". */
const kebab = (exported: string) =>
  exported
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([a-zA-Z])(\d)/g, "$1-$2")
    .toLowerCase();

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** What an icon stands for: its name's words, and the tags lucide gives it, whole and word by word. */
function meaning(name: string): Set<string> {
  return new Set([...wordsOf(name), ...(tags()[name] ?? []).flatMap((tag) => [tag, ...wordsOf(tag)])]);
}

/**
 * The icons of the site's set that mean what `name` means, best first: those that share a word with it or with the
 * tags lucide gives an icon of that name (so "anchor", lucide's ship icon, finds the set's life buoy, tagged "ship").
 * An icon is chosen by meaning as often as by spelling, and lucide has some 1,900 that the set leaves out.
 */
export function iconsMeaning(name: string, limit = 3): string[] {
  const query = name.trim().toLowerCase();
  const wanted = meaning(query);
  return (Object.entries(lucideExports) as [string, string][])
    .map(([icon, exported]) => {
      const own = new Set([...meaning(icon), ...meaning(kebab(exported))]);
      // A set icon tagged with the very name asked for is the closest in meaning.
      return { icon, shared: [...wanted].filter((word) => own.has(word)).length + (own.has(query) ? 2 : 0) };
    })
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.icon.localeCompare(b.icon))
    .slice(0, limit)
    .map(({ icon }) => icon);
}
