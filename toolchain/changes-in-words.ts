import { itemName, labelOf } from "./field-labels.ts";

/** What the words need of a block type: the label its form and outline show ("Industry hero"). */
export interface BlockLabel {
  type: string;
  label: string;
}

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** A place that differs, and the version of the page that names it (the old one for what was removed). */
interface Difference {
  pointer: string;
  doc: Record<string, Json>;
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
    const removed = before.flatMap((_, i) =>
      pairs.some(([b]) => b === i) ? [] : [{ pointer: `/blocks/${i}`, doc: old }],
    );
    const added = after.flatMap((_, j) =>
      pairs.some(([, a]) => a === j) ? [] : [{ pointer: `/blocks/${j}`, doc: now }],
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
  return [{ pointer, doc: after === undefined ? old : now }];
}

/**
 * A block in the words of the outline: its type's label, numbered among the blocks of its type only when the page has
 * more than one ("Use-case cards 2" is the page's second use-case cards block). A block of no known type is named by
 * its place on the page ("Block 3").
 */
function blockName(
  doc: Record<string, unknown>,
  index: number,
  metas: ReadonlyMap<string, Pick<BlockLabel, "label">>,
): string {
  const blocks = (Array.isArray(doc.blocks) ? doc.blocks : []) as ({ type?: unknown } | undefined)[];
  const type = blocks[index]?.type;
  const label = metas.get(String(type))?.label;
  if (label === undefined) return `Block ${index + 1}`;
  const ofType = (list: typeof blocks) => list.filter((block) => block?.type === type).length;
  return ofType(blocks) < 2 ? label : `${label} ${ofType(blocks.slice(0, index + 1))}`;
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
): string[] {
  const old = parse(before);
  const now = parse(after);
  if (!isRecord(old) || !isRecord(now)) return [];
  const metas = new Map(blocks.map((meta) => [meta.type, meta]));
  const words = differences(old, now, "", [old, now]).map(({ pointer, doc }) => placeOf(pointer, doc, metas));
  return [...new Set(words)];
}
