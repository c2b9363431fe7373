/**
 * The JSON Schemas as plain data: one map of files (path from the project root, e.g. "schemas/page.schema.json",
 * "blocks/hero/schema.json" → schema), `$ref`s resolved relative to the file that holds them. Pure code, read by the
 * block reference (scripts/generate-docs.ts) and the page editor (its server and its browser app).
 */
import { catalogueError, generationErrors } from "./errors.ts";

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
  /**
   * What the site's cross-checks treat the string as: a link to a page or anchor, or a file under public/; or an icon,
   * which the build bundles when content names it.
   */
  siteRef?: "link" | "asset" | "image" | "icon";
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

/**
 * Follows `$ref`s (relative file and `#/json/pointer`) until a schema without one. What a property says next to its
 * `$ref` (its own description, a default) is more specific than the shared definition, and wins over it.
 */
export function resolve(files: SchemaFiles, located: Located): Located {
  let { file, schema, kind } = located;
  for (let hops = 0; schema.$ref && hops < 20; hops++) {
    const { $ref, ...own } = schema;
    const [target, pointer = ""] = $ref.split("#");
    if (target) file = joinPath(file, target);
    let next: unknown = files[file];
    for (const segment of pointer.split("/").filter(Boolean))
      next = (next as Record<string, unknown> | undefined)?.[segment];
    if (!next) throw catalogueError(generationErrors.unresolvedRef, { file: located.file, ref: $ref });
    kind = (next as JsonSchema).title ?? kind;
    schema = Object.keys(own).length ? { ...(next as JsonSchema), ...own } : (next as JsonSchema);
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
