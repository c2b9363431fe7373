import { type BlockMeta, blockHeading } from "../../block-meta.ts";
import { labelOf } from "../../../toolchain/field-labels.ts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** How much of a value is shown: a choice is made on the words, not on a page of them. */
const LONGEST = 240;
const cut = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1).trimEnd()}…` : text);

/** A block or a list item as the outline names it: its type's label and its heading ("FAQ: Why pets?"). */
function recordWords(record: Record<string, unknown>, metas: Map<string, BlockMeta>): string {
  const label = metas.get(String(record.type))?.label;
  const heading = blockHeading(record);
  if (label) return heading ? `${label}: ${heading}` : label;
  if (heading) return heading;
  return Object.entries(record)
    .filter(([, value]) => typeof value !== "object" || value === null)
    .map(([key, value]) => `${labelOf(key)}: ${String(value)}`)
    .join(" · ");
}

/**
 * A value of a conflict in words a marketer reads: text as it is, a list of words joined, a block or an item by its
 * name, and what a side has not at all ("Removed") or has empty ("Empty").
 */
export function valueWords(value: unknown, metas: Map<string, BlockMeta>): string {
  if (value === undefined) return "Removed";
  if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) return "Empty";
  if (typeof value === "string") return cut(value);
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value))
    return cut(
      value
        .map((item) => (isRecord(item) ? recordWords(item, metas) : String(item)))
        .join(isRecord(value[0]) ? "; " : ", "),
    );
  return cut(recordWords(value as Record<string, unknown>, metas));
}
