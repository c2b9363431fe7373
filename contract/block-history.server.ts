import fs from "node:fs";
import path from "node:path";
import type { AnySchemaObject } from "ajv";
import { catalogueError, migrationErrors } from "./errors.ts";

/**
 * A block type's history: its migrations, `blocks/<type>/migrations/NNN-<name>.ts`, where NNN is the version the
 * migration produces, each beside the schema of the version before it (`NNN-<name>.before.schema.json`, kept when the
 * migration was scaffolded). Content stores no version: a block's version is the shape it has (block-versions.server.ts).
 */
export const MIGRATION_FILE = /^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.ts$/;

export interface MigrationStep {
  type: string;
  /** The version the migration produces; it reads blocks of `version - 1`. */
  version: number;
  name: string;
  /** The migration's module, from the project root, e.g. "blocks/stats/migrations/002-value-to-figure.ts". */
  module: string;
  /** The kept schema of version `version - 1`, from the project root. */
  beforeSchema: string;
}

export interface BlockHistory {
  type: string;
  /** The version content of the type is at: the last migration's, or 1. */
  version: number;
  /** A retired type's folder keeps only its migrations: the last one replaces or removes every block of the type. */
  retired: boolean;
  steps: MigrationStep[];
}

const migrationsDir = (dir: string, type: string) => path.join(dir, "blocks", type, "migrations");

/** The history of every block folder (a retired type's folder holds only `migrations/`), by type. */
export function readBlockHistories(dir: string): Map<string, BlockHistory> {
  const out = new Map<string, BlockHistory>();
  const blocks = path.join(dir, "blocks");
  for (const entry of fs.readdirSync(blocks, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const type = entry.name;
    const folder = migrationsDir(dir, type);
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    const steps = files.flatMap((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) return [];
      const version = Number(match[1]);
      const beforeSchema = `blocks/${type}/migrations/${file.replace(/\.ts$/, ".before.schema.json")}`;
      if (!fs.existsSync(path.join(dir, beforeSchema)))
        throw catalogueError(migrationErrors.badHistory, {
          folder: type,
          problem: `${file} has no kept schema ${path.basename(beforeSchema)}`,
        });
      return [{ type, version, name: match[2], module: `blocks/${type}/migrations/${file}`, beforeSchema }];
    });
    steps.sort((a, b) => a.version - b.version);
    steps.forEach((step, i) => {
      if (step.version !== i + 2)
        throw catalogueError(migrationErrors.badHistory, {
          folder: type,
          problem: `expected a migration numbered ${String(i + 2).padStart(3, "0")}, found ${path.basename(step.module)}`,
        });
    });
    const retired = !fs.existsSync(path.join(blocks, type, "schema.json"));
    if (retired && steps.length === 0) continue;
    out.set(type, { type, version: steps.length + 1, retired, steps });
  }
  return out;
}

/** The kept schemas of every migration, to compile beside the project's schemas. */
export function readKeptSchemas(histories: Map<string, BlockHistory>, dir: string) {
  return [...histories.values()].flatMap(({ steps }) =>
    steps.map((step) => ({
      name: step.beforeSchema,
      schema: JSON.parse(fs.readFileSync(path.join(dir, step.beforeSchema), "utf8")) as AnySchemaObject,
    })),
  );
}

/** The schema that blocks of `type` at `version` satisfy: a kept one, the block's own, or (retired) any block's. */
export function schemaOfVersion(history: BlockHistory, version: number): string {
  const next = history.steps.find((step) => step.version === version + 1);
  if (next) return next.beforeSchema;
  return history.retired ? "schemas/block.schema.json" : `blocks/${history.type}/schema.json`;
}
