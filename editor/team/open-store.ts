import type { TeamConfig } from "./config.ts";
import type { TeamStore } from "./store.ts";

/**
 * PostgreSQL when EDIT_TEAM_DATABASE_URL is set (several editor instances share it), SQLite otherwise. Each store is
 * imported only when chosen, so that a PostgreSQL deployment never loads better-sqlite3.
 */
export async function openTeamStore(config: Pick<TeamConfig, "databaseUrl" | "sqlitePath">): Promise<TeamStore> {
  if (config.databaseUrl) return (await import("./postgres-store.ts")).createPostgresTeamStore(config.databaseUrl);
  return (await import("./sqlite-store.ts")).createSqliteTeamStore(config.sqlitePath);
}
