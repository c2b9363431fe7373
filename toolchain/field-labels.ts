import type { JsonSchema } from "../contract/schema-tree.ts";

/** Property names that read as code, in the words a marketer uses. */
const WORDS: Readonly<Record<string, string>> = { href: "Link" };

/** "durationMs" → "Duration ms", "ogImage" → "Og image", "href" → "Link": the property's name, as words. */
export function labelOf(key: string | number, schema?: JsonSchema): string {
  if (typeof key === "number") return `Item ${key + 1}`;
  // Titles in the schemas name generated types ("IconName"); a title with a space is written for people.
  if (schema?.title && schema.title.includes(" ")) return schema.title;
  if (WORDS[key]) return WORDS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One of a list, from the list's label: "Actions" → "Action", "Capabilities" → "Capability", "Rotating words" → "Rotating word". */
export function singular(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, "y");
  if (/(ss|us|is)$/.test(label)) return label;
  return label.replace(/s$/, "");
}

/** The n-th item of a list, by its place: "Action 1". */
export const itemName = (listLabel: string, index: number) => `${singular(listLabel)} ${index + 1}`;

/** The texts that name an item, in the order they are tried. */
const NAMING_KEYS = ["label", "title", "heading", "name", "question", "text"];
const LONGEST_NAME = 48;

/**
 * What a list's item is called in the form: its own words (the action's label, the card's title) when it has some,
 * else its place in the list ("Action 1").
 */
export function itemLabel(listLabel: string, index: number, item: unknown): string {
  if (item && typeof item === "object" && !Array.isArray(item)) {
    const fields = item as Record<string, unknown>;
    for (const key of NAMING_KEYS) {
      const text = fields[key];
      if (typeof text === "string" && text.trim())
        return text.length > LONGEST_NAME ? `${text.slice(0, LONGEST_NAME - 1).trimEnd()}…` : text.trim();
    }
  }
  return itemName(listLabel, index);
}

/** The words that name one block in the outline: its heading, or the first text it has. */
export function blockHeading(block: Record<string, unknown>): string {
  for (const key of ["heading", "title", "badge", "eyebrow", "label", "text"]) {
    const value = block[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return "";
}
