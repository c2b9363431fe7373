import path from "node:path";
import { type Migration, readMigrationFolder } from "../../platform/sql-migrations.ts";

/** The team store's migrations of one dialect, in order: `migrations/<dialect>/NNN_name.sql`. */
export const readTeamMigrations = (dialect: "sqlite" | "postgres"): Migration[] =>
  readMigrationFolder(path.join(import.meta.dirname, "migrations", dialect));
