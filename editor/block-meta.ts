import { type SchemaFiles, blockSchemaFiles } from "./schema-tree.ts";

/** What the editor shows of a block type: in the palette, the outline and the form's title. */
export interface BlockMeta {
  type: string;
  label: string;
  description: string;
  /** An icon of the site's allow-listed set. */
  icon: string;
  /** Inserted when the block is added from the palette. */
  example: Record<string, unknown>;
}

const FALLBACK_ICON = "layers";

const humanize = (type: string) => {
  const words = type.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The first icon an example names, so that each block's tile shows something of its own. */
function firstIcon(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstIcon(item);
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      const found = key === "icon" && typeof child === "string" ? child : firstIcon(child);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Every block type's label, description, icon and example, read from its schema under schemas/blocks/ (`description`,
 * `examples[0]`). The one place the editor learns about block types: a new schema is a new palette entry.
 */
export function blockMetas(schemas: SchemaFiles): BlockMeta[] {
  return [...blockSchemaFiles(schemas)].map(([type, file]) => {
    const schema = schemas[file];
    const example = (schema.examples?.[0] as Record<string, unknown> | undefined) ?? { type };
    return {
      type,
      label: humanize(type),
      description: schema.description ?? "",
      icon: firstIcon(example) ?? FALLBACK_ICON,
      example,
    };
  });
}

/** The words that name one block in the outline: its heading, or the first text it has. */
export function blockHeading(block: Record<string, unknown>): string {
  for (const key of ["heading", "title", "badge", "eyebrow", "label", "text"]) {
    const value = block[key];
    if (typeof value === "string" && value.trim()) return value;
  }
  return "";
}
