import { type JsonSchema, type Located, type SchemaFiles, child, resolve } from "../contract/schema-tree.ts";

/**
 * What the editor reads from the schemas (contract/schema-tree.ts) beyond `$ref`s: the block union's branch of a block,
 * the schema of any place in a document, and the stable order of an object's keys.
 */

/** The schema a value at `path` (keys and indexes from the document root) must match. */
export function schemaAt(
  files: SchemaFiles,
  root: Located,
  document: unknown,
  path: (string | number)[],
): Located | undefined {
  let here: Located | undefined = resolve(files, root);
  let value = document;
  for (const segment of path) {
    if (!here) return undefined;
    const schema: JsonSchema = here.schema;
    if (typeof segment === "number") here = child(files, here, schema.items);
    else here = child(files, here, schema.properties?.[segment]);
    value = (value as Record<string | number, unknown> | undefined)?.[segment];
    if (isUnion(here)) here = blockVariant(files, here, value);
  }
  return here;
}

/** Whether a schema is the block union: `allOf` of `if type is X then X's schema`. */
const isUnion = (at: Located | undefined): at is Located => Boolean(at?.schema.allOf?.some((branch) => branch.if));

/** The block schema of the union's branch whose `if` the value's `type` meets. */
function blockVariant(files: SchemaFiles, union: Located, value: unknown): Located | undefined {
  const type = (value as { type?: unknown } | undefined)?.type;
  const branch = union.schema.allOf?.find((b) => b.if?.properties?.type?.const === type);
  return branch?.then ? resolve(files, { file: union.file, schema: branch.then }) : undefined;
}

/**
 * The same value with the keys of every object in a stable order: `type` first, then the order of the schema's
 * properties, then any key the schema does not know, as it was.
 */
export function orderKeys(files: SchemaFiles, at: Located | undefined, value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => {
      const items = at ? child(files, at, at.schema.items) : undefined;
      return orderKeys(files, isUnion(items) ? blockVariant(files, items, item) : items, item);
    });
  }
  if (!value || typeof value !== "object") return value;
  const known = Object.keys(at?.schema.properties ?? {});
  const rank = (key: string) => (key === "type" ? -1 : known.includes(key) ? known.indexOf(key) : known.length);
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(
    keys.map((key) => {
      let next = at ? child(files, at, at.schema.properties?.[key]) : undefined;
      const item = (value as Record<string, unknown>)[key];
      if (isUnion(next)) next = blockVariant(files, next, item);
      return [key, orderKeys(files, next, item)];
    }),
  );
}

/** Where a new property goes among an object's existing keys: after the last key that the schema puts before it. */
export function insertionIndex(at: Located | undefined, existing: string[], key: string): number {
  const known = ["type", ...Object.keys(at?.schema.properties ?? {}).filter((k) => k !== "type")];
  const rank = known.indexOf(key);
  if (rank === -1) return existing.length;
  let index = 0;
  existing.forEach((other, i) => {
    const otherRank = known.indexOf(other);
    if (otherRank !== -1 && otherRank < rank) index = i + 1;
  });
  return index;
}

/** The schema of the value at a place (`at`), or of the union's branch that the value's `type` picks. */
const located = (files: SchemaFiles, at: Located | undefined, value: unknown) =>
  isUnion(at) ? blockVariant(files, at, value) : at;

/**
 * The value as the site's loader hands it to the components: every `default` of its schema filled in where the key is
 * absent (ajv's `useDefaults`, contract/content.server.ts), since components never restate a default. What needs no
 * default is the same object, so that a memoised view of it need not render again.
 */
export function withDefaults(files: SchemaFiles, at: Located | undefined, value: unknown): unknown {
  if (!at || !value || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const items = child(files, at, at.schema.items);
    const filled = value.map((item) => withDefaults(files, located(files, items, item), item));
    return filled.some((item, i) => item !== value[i]) ? filled : value;
  }
  const object = value as Record<string, unknown>;
  let filled: Record<string, unknown> | undefined;
  for (const [key, property] of Object.entries(at.schema.properties ?? {})) {
    const here = child(files, at, property);
    // A default is filled in too, as ajv goes on to validate it: `{}` gets the defaults of its own properties.
    const current = object[key] === undefined ? structuredClone(here?.schema.default) : object[key];
    const next = withDefaults(files, located(files, here, current), current);
    if (next !== object[key]) (filled ??= { ...object })[key] = next;
  }
  return filled ?? value;
}
