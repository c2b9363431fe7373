import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migrations of one dialect, in order: `migrations/<dialect>/NNN_name.sql`. */
export function readMigrations(dialect: "sqlite" | "postgres"): Migration[] {
  const dir = path.join(import.meta.dirname, "migrations", dialect);
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number.parseInt(file, 10),
      name: file,
      sql: readFileSync(path.join(dir, file), "utf8"),
    }));
}
