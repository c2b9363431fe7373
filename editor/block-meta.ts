import type { BlockFolder } from "../toolchain/block-folders.ts";

/** What the editor shows of a block type: in the palette, the outline and the form's title. */
export interface BlockMeta {
  type: string;
  label: string;
  description: string;
  /** An icon of the site's allow-listed set. */
  icon: string;
  /** Inserted when the block is added from the palette: the schema's first example, as a file holds it. */
  example: Record<string, unknown>;
}

/**
 * Every block type's label, description and icon from its manifest (`blocks/<type>/block.ts`) and its example from its
 * schema (`examples[0]`). The one place the editor learns about block types: a new block folder is a new palette entry.
 */
export function blockMetas(folders: readonly BlockFolder[]): BlockMeta[] {
  return folders
    .map(({ type, manifest, schema }) => ({
      type,
      label: manifest.label,
      description: manifest.description,
      icon: manifest.icon,
      example: structuredClone((schema.examples as Record<string, unknown>[] | undefined)?.[0] ?? { type }),
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The words that name one block in the outline, as the problem list and the changes name it too. */
export { blockHeading } from "../toolchain/field-labels.ts";
