/**
 * The JSON Schemas as the editor reads them: one map of files (path from the project root, e.g.
 * "schemas/page.schema.json", "blocks/hero/schema.json" → schema), `$ref`s resolved relative to the file that holds
 * them. Pure code, shared by the editor's server and its browser app.
 */
export interface JsonSchema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  /** The block union's `if type is X then X's schema` branches (schemas/block.schema.json). */
  allOf?: { if?: JsonSchema; then?: JsonSchema }[];
  /** What the site's cross-checks treat the string as: a link to a page or anchor, or a file under public/. */
  siteRef?: "link" | "asset";
  examples?: unknown[];
  $defs?: Record<string, JsonSchema>;
}

export type SchemaFiles = Record<string, JsonSchema>;

/** A schema together with the file it was found in, so that the `$ref`s inside it resolve. */
export interface Located {
  file: string;
  schema: JsonSchema;
  /** The `title` of the definition a `$ref` led to (e.g. "Href", "IconName"), which names its kind of field. */
  kind?: string;
}

const dirname = (file: string) => (file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "");

function joinPath(base: string, relative: string): string {
  const parts = (dirname(base) + relative).split("/");
  const out: string[] = [];
  for (const part of parts) {
    if (part === "..") out.pop();
    else if (part !== ".") out.push(part);
  }
  return out.join("/");
}

/** Follows `$ref`s (relative file and `#/json/pointer`) until a schema without one. */
export function resolve(files: SchemaFiles, located: Located): Located {
  let { file, schema, kind } = located;
  for (let hops = 0; schema.$ref && hops < 20; hops++) {
    const [target, pointer = ""] = schema.$ref.split("#");
    if (target) file = joinPath(file, target);
    let next: unknown = files[file];
    for (const segment of pointer.split("/").filter(Boolean))
      next = (next as Record<string, unknown> | undefined)?.[segment];
    if (!next) throw new Error(`schemas/${located.file}: cannot resolve $ref '${schema.$ref}'`);
    // A property's own description (next to its $ref) is more specific than the shared definition's.
    const own = schema.description;
    schema = next as JsonSchema;
    kind = schema.title ?? kind;
    if (own && !schema.$ref) schema = { ...schema, description: own };
  }
  return { file, schema, kind };
}

const resolved = new WeakMap<SchemaFiles, WeakMap<JsonSchema, Map<string, Located>>>();

/**
 * The resolved schema of a property or item of `parent`. The same object every time for the same schema, so that
 * forms can skip rendering the fields whose schema and value did not change.
 */
export function child(files: SchemaFiles, parent: Located, schema: JsonSchema | undefined): Located | undefined {
  if (!schema) return undefined;
  let bySchema = resolved.get(files);
  if (!bySchema) resolved.set(files, (bySchema = new WeakMap()));
  let byFile = bySchema.get(schema);
  if (!byFile) bySchema.set(schema, (byFile = new Map()));
  let located = byFile.get(parent.file);
  if (!located) byFile.set(parent.file, (located = resolve(files, { file: parent.file, schema })));
  return located;
}

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
