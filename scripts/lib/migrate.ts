import type prettier from "prettier";
import { type MigrationStep, schemaOfVersion } from "../../contract/block-history.server.ts";
import { olderBlock } from "../../contract/block-versions.server.ts";
import { catalogueError, migrationErrors } from "../../contract/errors.ts";
import type { SchemaFiles } from "../../contract/schema-tree.ts";
import { SCHEMA_BASE, type Validators } from "../../contract/schemas.server.ts";
import { writeChanges } from "../../editor/save.ts";

/** A migration module: `blocks/<type>/migrations/NNN-<name>.ts`. */
export interface Migration {
  description: string;
  // Each migration types its own versions; the runner checks what `up` returns against the schema instead.
  up: (block: never) => unknown;
}

export type MigrationLoader = (step: MigrationStep) => Promise<Migration>;

export interface ContentDocument {
  /** The file as messages name it, e.g. "site-config/pages/home.json". */
  file: string;
  text: string;
  /** The schema of the whole document: "schemas/page.schema.json" or "schemas/site.schema.json". */
  schema: string;
}

/** One block brought to its type's latest version. */
export interface BlockChange {
  pointer: string;
  type: string;
  from: number;
  to: number;
  names: string[];
}

export interface MigratedDocument {
  file: string;
  before: string;
  after: string;
  changes: BlockChange[];
}

export interface MigrateOptions {
  validators: Validators;
  load: MigrationLoader;
  prettierOptions: (file: string) => prettier.Options;
}

const label = (step: MigrationStep) => `${step.type}/${String(step.version).padStart(3, "0")}-${step.name}`;

interface Removal {
  pagePath: string | undefined;
  id: string;
  migration: string;
}

/**
 * Brings every block of every document to its type's latest version, in version order, and returns the documents
 * that changed with their new text (the editor's save: only changed parts rewritten, keys in schema order). Nothing
 * is written here: a migration that throws, returns a block its version's schema refuses, or removes a block that a
 * link points at stops the whole run with a catalogue error naming the file, the block and the migration.
 */
export async function migrateDocuments(
  documents: ContentDocument[],
  { validators, load, prettierOptions }: MigrateOptions,
): Promise<MigratedDocument[]> {
  const schemas = Object.fromEntries(validators.schemas.map(({ name, schema }) => [name, schema])) as SchemaFiles;
  const out: MigratedDocument[] = [];
  const removals: Removal[] = [];
  const values = new Map<ContentDocument, { blocks?: unknown; path?: unknown }>();
  for (const document of documents) {
    let value: { blocks?: unknown; path?: unknown };
    try {
      value = JSON.parse(document.text) as typeof value;
    } catch {
      continue; // not JSON: `npm run validate` says where
    }
    values.set(document, value);
    if (!Array.isArray(value?.blocks)) continue;
    const changes: BlockChange[] = [];
    const blocks: unknown[] = [];
    for (const [index, block] of value.blocks.entries()) {
      const older = olderBlock(validators, block);
      if (!older) {
        blocks.push(block);
        continue;
      }
      const pointer = `/blocks/${index}`;
      let current: unknown = block;
      for (const step of older.pending) {
        const migration = await load(step);
        try {
          current = migration.up(structuredClone(current) as never);
        } catch (error) {
          throw catalogueError(migrationErrors.threw, {
            file: document.file,
            pointer,
            migration: label(step),
            error: error instanceof Error ? error.message : String(error),
          });
        }
        if (current === null) {
          const id = (block as { id?: unknown }).id;
          if (typeof id === "string")
            removals.push({ pagePath: value.path as string | undefined, id, migration: label(step) });
          break;
        }
        const history = validators.histories.get(older.type)!;
        const validate = validators.ajv.getSchema(SCHEMA_BASE + schemaOfVersion(history, step.version))!;
        if (!validate(structuredClone(current)))
          throw catalogueError(migrationErrors.invalidOutput, {
            file: document.file,
            pointer,
            migration: label(step),
            problems: (validate.errors ?? [])
              .filter((error) => error.keyword !== "if")
              .map((error) => `${error.instancePath || "/"} ${error.message ?? error.keyword}`),
          });
      }
      if (current !== null) blocks.push(current);
      changes.push({
        pointer,
        type: older.type,
        from: older.version,
        to: older.latest,
        names: older.pending.map((step) => step.name),
      });
    }
    if (changes.length === 0) continue;
    value.blocks = blocks;
    const after = await writeChanges({
      text: document.text,
      value,
      schemas,
      root: { file: document.schema, schema: schemas[document.schema] },
      prettierOptions: prettierOptions(document.file),
    });
    if (after !== document.text) out.push({ file: document.file, before: document.text, after, changes });
  }
  if (removals.length) checkAnchors(documents, values, removals, validators);
  return out;
}

/** Stops the run when a link points at a block that a migration removes: the site would not validate after it. */
function checkAnchors(
  documents: ContentDocument[],
  values: Map<ContentDocument, { path?: unknown }>,
  removals: Removal[],
  validators: Validators,
) {
  for (const document of documents) {
    const value = values.get(document);
    if (!value) continue;
    const validate = document.schema === "schemas/site.schema.json" ? validators.site : validators.page;
    validate(structuredClone(value));
    for (const { kind, pointer, value: href } of validators.references()) {
      const hash = href.indexOf("#");
      if (kind !== "link" || hash === -1 || !/^[/#]/.test(href)) continue;
      const target = href.slice(0, hash) || value.path;
      const removal = removals.find(
        (r) => r.id === href.slice(hash + 1) && (r.pagePath === target || `${r.pagePath}/` === target),
      );
      if (removal)
        throw catalogueError(migrationErrors.removedAnchor, {
          file: document.file,
          pointer,
          href,
          migration: removal.migration,
        });
    }
  }
}
