import type { ApiConfig } from "../config.ts";
import type { LeadStore, StoreLog } from "./store.ts";

/**
 * PostgreSQL when DATABASE_URL is set (several instances may share it), SQLite otherwise. Each store is imported only
 * when chosen: a PostgreSQL deployment never loads better-sqlite3 (a native addon), nor SQLite deployments `pg`.
 */
export async function openStore(
  config: Pick<ApiConfig, "databaseUrl" | "sqlitePath">,
  log: StoreLog,
): Promise<LeadStore> {
  if (config.databaseUrl) return (await import("./postgres.ts")).createPostgresStore(config.databaseUrl, log);
  return (await import("./sqlite.ts")).createSqliteStore(config.sqlitePath);
}
