import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BlockManifest } from "../contract/blocks.ts";
import { readBlockHistories } from "../contract/block-history.server.ts";
import { catalogueError, generationErrors, migrationErrors } from "../contract/errors.ts";
import { SCHEMA_BASE, blockFolders, blockSchemas, projectValidators, readSchemas } from "../contract/schemas.server.ts";
import { ROOT } from "./paths.ts";

/** One block type as its folder declares it. */
export interface BlockFolder {
  type: string;
  /** File name of the component in the folder: the type in PascalCase, e.g. "LeadForm.tsx". */
  component: string;
  manifest: BlockManifest;
  schema: Record<string, unknown>;
}

export const componentFileOf = (type: string) =>
  `${type.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}.tsx`;

/** Reads every block folder, refusing one that lacks a part or whose manifest names another type. */
export async function readBlockFolders(dir: string = ROOT): Promise<BlockFolder[]> {
  // A folder without its schema would otherwise be no block type at all, its component left out without a word.
  // A retired type's folder keeps only its migrations, for the content of branches made before it was retired.
  const histories = readBlockHistories(dir);
  for (const entry of fs.readdirSync(path.join(dir, "blocks"), { withFileTypes: true }))
    if (
      entry.isDirectory() &&
      !fs.existsSync(path.join(dir, "blocks", entry.name, "schema.json")) &&
      !histories.get(entry.name)?.retired
    )
      throw catalogueError(generationErrors.incompleteBlock, { folder: entry.name, missing: "schema.json" });
  const schemas = blockSchemas(readSchemas(dir));
  const out: BlockFolder[] = [];
  for (const type of blockFolders(dir)) {
    const folder = path.join(dir, "blocks", type);
    const component = componentFileOf(type);
    for (const part of ["block.ts", component])
      if (!fs.existsSync(path.join(folder, part)))
        throw catalogueError(generationErrors.incompleteBlock, { folder: type, missing: part });
    const manifest = ((await import(pathToFileURL(path.join(folder, "block.ts")).href)) as { default: BlockManifest })
      .default;
    if (manifest.type !== type)
      throw catalogueError(generationErrors.manifestMismatch, { folder: type, type: manifest.type });
    const version = histories.get(type)?.version ?? 1;
    if (manifest.version !== version)
      throw catalogueError(migrationErrors.badHistory, {
        folder: type,
        problem: `block.ts declares version ${manifest.version}, but the migrations bring the type to version ${version}`,
      });
    out.push({ type, component, manifest, schema: schemas.get(type)!.schema });
  }
  return out;
}

export interface CatalogueEntryData {
  type: string;
  label: string;
  description: string;
  category: string;
  /** The schema's examples, with its defaults filled in, as pages give them to components. */
  examples: unknown[];
}

/** The data of the block catalogue (/__blocks): every block type with its examples, by category then label. */
export function catalogueEntries(folders: BlockFolder[], dir: string = ROOT): CatalogueEntryData[] {
  const { ajv } = projectValidators(dir);
  return folders
    .map(({ type, manifest, schema }) => {
      const validate = ajv.getSchema(`${SCHEMA_BASE}blocks/${type}/schema.json`)!;
      const examples = structuredClone((schema.examples as unknown[] | undefined) ?? []);
      for (const example of examples) validate(example);
      return { type, label: manifest.label, description: manifest.description, category: manifest.category, examples };
    })
    .sort((a, b) => a.category.localeCompare(b.category) || a.label.localeCompare(b.label));
}
