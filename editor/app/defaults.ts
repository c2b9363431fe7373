import type { SchemaFiles } from "../../contract/schema-tree.ts";
import { schemaAt, withDefaults } from "../../toolchain/schema-tree.ts";

/**
 * Content as the site's components receive it, every schema default filled in (a checklist item without an icon gets
 * the schema's "check"), worked out once per object: typing in one block fills that block again, not the others.
 * The files keep only what the marketer wrote; this is for the preview and the palette's thumbnails.
 */
export function contentFiller(schemas: SchemaFiles) {
  const filled = new WeakMap<object, unknown>();
  const once = (value: unknown, fill: () => unknown) => {
    if (!value || typeof value !== "object") return value;
    if (!filled.has(value)) filled.set(value, fill());
    return filled.get(value);
  };
  const page = { file: "schemas/page.schema.json", schema: schemas["schemas/page.schema.json"] };
  const site = { file: "schemas/site.schema.json", schema: schemas["schemas/site.schema.json"] };
  return {
    block: (block: unknown) =>
      once(block, () => withDefaults(schemas, schemaAt(schemas, page, { blocks: [block] }, ["blocks", 0]), block)),
    site: (value: unknown) => once(value, () => withDefaults(schemas, schemaAt(schemas, site, value, []), value)),
  };
}

export type ContentFiller = ReturnType<typeof contentFiller>;
