import type { BlockMeta } from "../block-meta.ts";
import { placeOf } from "../app/document/problems.tsx";

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const escape = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** Whether `pointer` names a value in `doc`. */
function exists(doc: Json, pointer: string): boolean {
  let node = doc;
  for (const segment of pointer.split("/").slice(1)) {
    const key = segment.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!(isRecord(node) || Array.isArray(node)) || !(key in node)) return false;
    node = (node as Record<string, Json>)[key];
  }
  return true;
}

/**
 * The JSON pointers of the smallest values that differ: a field changed, added or removed, a list item added or
 * removed. A block whose type changed (another block in its place) is one difference, not one per field.
 */
function differences(before: Json, after: Json, pointer = ""): string[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++)
      out.push(...differences(before[i], after[i], `${pointer}/${i}`));
    return out;
  }
  if (isRecord(before) && isRecord(after)) {
    if (pointer.startsWith("/blocks/") && before.type !== after.type) return [pointer];
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => differences(before[key], after[key], `${pointer}/${escape(key)}`));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [pointer];
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
 * and problem list ("Industry hero 1 › Heading", "Use-case cards 3 › Card 2 › Impact"), each once, in the page's
 * order. Nothing for a new or deleted file, or one that does not parse: the change list says so as a whole.
 */
export function describeChanges(before: string | undefined, after: string | undefined, blocks: BlockMeta[]): string[] {
  const old = parse(before);
  const now = parse(after);
  if (!isRecord(old) || !isRecord(now)) return [];
  const metas = new Map(blocks.map((meta) => [meta.type, meta]));
  const words = differences(old, now).map((pointer) => placeOf(pointer, exists(now, pointer) ? now : old, metas));
  return [...new Set(words)];
}
