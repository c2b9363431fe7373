/**
 * What a translator translates (docs/translations.md): the strings of a page that are words, not a link, a file, an
 * icon, an anchor, an address, a date or one of a list of choices, as the schemas mark them (`siteRef`, `enum`,
 * `const`, `format`, `pattern`). A translation is outdated when these changed in its source, and only then.
 */
import type { JsonSchema, SchemaFiles } from "../../contract/schema-tree.ts";
import type { Difference } from "../changes-in-words.ts";
import { schemaAt } from "../schema-tree.ts";

type Segment = string | number;

const PAGE_SCHEMA = "schemas/page.schema.json";

/** A string a person reads: one the schemas do not mark as something else. A place no schema knows counts as words. */
const isWords = (schema: JsonSchema | undefined) =>
  !schema ||
  (schema.siteRef === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.format === undefined &&
    schema.pattern === undefined);

const segments = (pointer: string): Segment[] =>
  pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** `doc` with `value` at `path`, the rest shared: the schema of a place is read from the document that holds it. */
function withValue(doc: unknown, path: readonly Segment[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [Segment, ...Segment[]];
  const here = (doc ?? (typeof head === "number" ? [] : {})) as Record<Segment, unknown>;
  const copy = (Array.isArray(here) ? [...here] : { ...here }) as Record<Segment, unknown>;
  copy[head] = withValue(here[head], rest, value);
  return copy;
}

/** Whether `value`, placed at `path` of `doc` (a page), holds a non-empty string of words. */
function holdsWords(schemas: SchemaFiles, doc: unknown, path: Segment[], value: unknown): boolean {
  if (value === undefined) return false;
  const root = { file: PAGE_SCHEMA, schema: schemas[PAGE_SCHEMA]! };
  const probe = withValue(doc, path, value);
  const walk = (at: Segment[], here: unknown): boolean => {
    if (typeof here === "string") return here.trim() !== "" && isWords(schemaAt(schemas, root, probe, at)?.schema);
    if (Array.isArray(here)) return here.some((item, index) => walk([...at, index], item));
    if (here && typeof here === "object") return Object.entries(here).some(([key, item]) => walk([...at, key], item));
    return false;
  };
  return walk(path, value);
}

/** A filter of a page's differences (toolchain/changes-in-words.ts) that keeps those with words on either side. */
export const changedWords =
  (schemas: SchemaFiles) =>
  ({ pointer, doc, before, after }: Difference): boolean => {
    const path = segments(pointer);
    return holdsWords(schemas, doc, path, before) || holdsWords(schemas, doc, path, after);
  };
