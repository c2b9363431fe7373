import { type JSONPath, applyEdits, modify } from "jsonc-parser";
import type prettier from "prettier";
import type { Located, SchemaFiles } from "../contract/schema-tree.ts";
import { formatJsonFile } from "./format-json.ts";
import { insertionIndex, orderKeys, schemaAt } from "./schema-tree.ts";

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

const omitted = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

/**
 * JSON text with object keys sorted, so that two values compare equal whatever their key order. `cache` keeps the
 * text of each object and array met, for a caller that compares the parts of values it does not change (each part is
 * then written once, not once per level above it).
 */
export function canonical(value: unknown, cache = new WeakMap<object, string>()): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const known = cache.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (Array.isArray(value))
    text = `[${value.map((item) => (omitted(item) ? "null" : canonical(item, cache))).join(",")}]`;
  else if (typeof (value as { toJSON?: unknown }).toJSON === "function")
    text = canonical((value as { toJSON: () => unknown }).toJSON(), cache);
  else {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .sort()
      .filter((key) => !omitted(record[key]));
    text = `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(record[key], cache)}`).join(",")}}`;
  }
  cache.set(value, text);
  return text;
}

/** Pairs of equal items (by index in `from` and `to`) in a longest common subsequence. */
function commonItems(from: Json[], to: Json[], cache: WeakMap<object, string>): [number, number][] {
  const a = from.map((item) => canonical(item, cache));
  const b = to.map((item) => canonical(item, cache));
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

interface Changes {
  text: string;
  value: unknown;
  schemas: SchemaFiles;
  root: Located;
}

/**
 * The new text of a JSON document: the old text with only the parts that changed rewritten, then formatted as the
 * repository's Prettier does. Unchanged objects keep their layout, added properties go where the schema puts them
 * (`type` first, then schema order), so one edited word is one changed line.
 */
export async function writeChanges(options: Changes & { prettierOptions: prettier.Options }): Promise<string> {
  const formatted = await formatJsonFile(editChanges(options), options.prettierOptions);
  if (canonical(JSON.parse(formatted)) !== canonical(options.value))
    throw new Error("the formatted document does not hold the edited value — nothing was written");
  return formatted;
}

/**
 * The old text with only the parts that changed rewritten, before Prettier: for a caller that formats many documents
 * in one call (`npm run migrate`).
 */
export function editChanges(options: Changes): string {
  const { schemas, root } = options;
  let text = options.text;
  const next = options.value as Json;
  const edit = (path: JSONPath, value: unknown, extra: object = {}) => {
    text = applyEdits(text, modify(text, path, value, { ...FORMAT, ...extra }));
  };
  const ordered = (path: JSONPath, value: Json) =>
    orderKeys(schemas, schemaAt(schemas, root, next, path as (string | number)[]), value);

  // The values are not changed while they are compared: each part's text is computed once.
  const cache = new WeakMap<object, string>();
  const sync = (path: JSONPath, from: Json, to: Json): void => {
    if (canonical(from, cache) === canonical(to, cache)) return;
    if (isObject(from) && isObject(to)) {
      const keys = Object.keys(from).filter((key) => key in to);
      for (const key of Object.keys(from)) if (!(key in to)) edit([...path, key], undefined);
      for (const key of keys) sync([...path, key], from[key], to[key]);
      const present = [...keys];
      for (const key of Object.keys(to)) {
        if (key in from) continue;
        const at = schemaAt(schemas, root, next, path as (string | number)[]);
        const index = insertionIndex(at, present, key);
        edit([...path, key], ordered([...path, key], to[key]), { getInsertionIndex: () => index });
        present.splice(index, 0, key);
      }
      return;
    }
    if (Array.isArray(from) && Array.isArray(to)) {
      const pairs = commonItems(from, to, cache);
      // Gaps between equal items, last first, so that the indexes of the items before each gap still hold.
      const bounds: [number, number][] = [[-1, -1], ...pairs, [from.length, to.length]];
      for (let g = bounds.length - 2; g >= 0; g--) {
        const [fromStart, toStart] = [bounds[g][0] + 1, bounds[g][1] + 1];
        const [fromEnd, toEnd] = bounds[g + 1];
        if (fromEnd - fromStart === toEnd - toStart) {
          for (let k = 0; k < fromEnd - fromStart; k++)
            sync([...path, fromStart + k], from[fromStart + k], to[toStart + k]);
          continue;
        }
        for (let i = fromEnd - 1; i >= fromStart; i--) edit([...path, i], undefined);
        for (let j = toStart; j < toEnd; j++)
          edit([...path, fromStart + (j - toStart)], ordered([...path, j], to[j]), { isArrayInsertion: true });
      }
      return;
    }
    edit(path, ordered(path, to));
  };

  sync([], JSON.parse(text) as Json, next);
  return text;
}
