import { isSectionRef } from "../contract/sections.ts";
import { blockHeading, itemName, labelOf } from "./field-labels.ts";

/** What the words need of a block type: the label its form and outline show ("Industry hero"). */
export interface BlockLabel {
  type: string;
  label: string;
}

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * A place that differs, the version of the page that names it (the old one for what was removed), and its value in
 * each version (undefined where it is not).
 */
export interface Difference {
  pointer: string;
  doc: Record<string, Json>;
  before: Json;
  after: Json;
}

/** The pairs of blocks that stay (the longest run of the same block types in the same order), as [before, after]. */
function keptBlocks(before: Json[], after: Json[]): [number, number][] {
  const typeOf = (block: Json) => (isRecord(block) ? block.type : undefined);
  const longest = before.map(() => after.map(() => 0));
  const at = (i: number, j: number) => (i < before.length && j < after.length ? longest[i][j] : 0);
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      longest[i][j] =
        typeOf(before[i]) === typeOf(after[j]) ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < before.length && j < after.length;)
    if (typeOf(before[i]) === typeOf(after[j])) pairs.push([i++, j++]);
    else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  return pairs;
}

/**
 * The JSON pointers of the smallest values that differ: a field changed, added or removed, a list item added or
 * removed. Blocks are paired by type in order, so a block added, removed or replaced is one difference (not one per
 * field of every block after it), and the fields of a kept block are compared with its own earlier version.
 */
function differences(
  before: Json,
  after: Json,
  pointer: string,
  docs: [Record<string, Json>, Record<string, Json>],
): Difference[] {
  const [old, now] = docs;
  if (pointer === "/blocks" && Array.isArray(before) && Array.isArray(after)) {
    const pairs = keptBlocks(before, after);
    const removed = before.flatMap((block, i) =>
      pairs.some(([b]) => b === i) ? [] : [{ pointer: `/blocks/${i}`, doc: old, before: block, after: undefined }],
    );
    const added = after.flatMap((block, j) =>
      pairs.some(([, a]) => a === j) ? [] : [{ pointer: `/blocks/${j}`, doc: now, before: undefined, after: block }],
    );
    const edited = pairs.flatMap(([i, j]) => differences(before[i], after[j], `/blocks/${j}`, [now, now]));
    return [...removed, ...edited, ...added];
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: Difference[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      out.push(...differences(before[i], after[i], `${pointer}/${i}`, docs));
    return out;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => differences(before[key], after[key], `${pointer}/${escape(key)}`, docs));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ pointer, doc: after === undefined ? old : now, before, after }];
}

/**
 * A block in the words of the outline: its type's label, with its heading when the page has more than one block of
 * its type ("Use-case cards “Claims”"), numbered among them only when it has no heading ("Use-case cards 2"); a shared
 * section by the section it places ("Shared section “closing”"); a block of no known type by its type as written.
 */
function blockName(
  doc: Record<string, unknown>,
  index: number,
  metas: ReadonlyMap<string, Pick<BlockLabel, "label">>,
): string {
  const blocks = (Array.isArray(doc.blocks) ? doc.blocks : []) as (Record<string, unknown> | undefined)[];
  const block = blocks[index];
  if (isSectionRef(block)) return `Shared section “${block.section}”`;
  const type = block?.type;
  const label =
    metas.get(String(type))?.label ?? (typeof type === "string" ? `Block ‘${type}’` : "Block without a type");
  const ofType = (list: typeof blocks) => list.filter((other) => other?.type === type).length;
  if (ofType(blocks) < 2) return label;
  const heading = block ? blockHeading(block) : "";
  return heading ? `${label} “${heading}”` : `${label} ${ofType(blocks.slice(0, index + 1))}`;
}

/** Where a problem is, in the words of the form: "Industry hero › Action 1 › Link". */
export function placeOf(
  pointer: string,
  doc: Record<string, unknown>,
  metas: ReadonlyMap<string, Pick<BlockLabel, "label">>,
): string {
  const segments = pointer.split("/").slice(1);
  const words: string[] = [];
  let node: unknown = doc;
  segments.forEach((segment, i) => {
    const parent = segments[i - 1];
    node = (node as Record<string, unknown> | undefined)?.[segment];
    if (parent === "blocks" && i === 1) words.push(blockName(doc, Number(segment), metas));
    else if (/^\d+$/.test(segment)) words.push(itemName(words.pop() ?? "Item", Number(segment)));
    else if (!(segment === "blocks" && i === 0)) words.push(labelOf(segment));
  });
  return words.join(" › ") || "The file";
}

const parse = (text: string | undefined): Json => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
};

/**
 * The fields that differ between two versions of a page or of the site settings, in the words of the editor's form
 * and problem list ("Industry hero › Heading", "Use-case cards › Item 2 › Impact"), each once: what was removed first, then
 * what changed and what was added, in the page's order. Nothing for a new or deleted file, or one that does not parse: the change list says so as a whole.
 */
export function describeChanges(
  before: string | undefined,
  after: string | undefined,
  blocks: readonly BlockLabel[],
  /** Which differences to name (the translation status names those that hold words to translate); all by default. */
  only: (difference: Difference) => boolean = () => true,
): string[] {
  const old = parse(before);
  const now = parse(after);
  if (!isRecord(old) || !isRecord(now)) return [];
  const metas = new Map(blocks.map((meta) => [meta.type, meta]));
  const words = differences(old, now, "", [old, now])
    .filter(only)
    .map(({ pointer, doc }) => placeOf(pointer, doc, metas));
  return [...new Set(words)];
}
