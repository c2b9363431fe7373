import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}

/** The team store's migrations of one dialect, in order: `migrations/<dialect>/NNN_name.sql`. */
export function readTeamMigrations(dialect: "sqlite" | "postgres"): TeamMigration[] {
  const dir = path.join(import.meta.dirname, "migrations", dialect);
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((name) => ({ version: Number.parseInt(name, 10), name, sql: readFileSync(path.join(dir, name), "utf8") }));
}
