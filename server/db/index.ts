import type { ApiConfig } from "../config.ts";
import { createPostgresStore } from "./postgres.ts";
import { createSqliteStore } from "./sqlite.ts";
import type { LeadStore } from "./store.ts";

/** PostgreSQL when DATABASE_URL is set (several instances may share it), SQLite otherwise. */
export async function openStore(config: Pick<ApiConfig, "databaseUrl" | "sqlitePath">): Promise<LeadStore> {
  return config.databaseUrl ? createPostgresStore(config.databaseUrl) : createSqliteStore(config.sqlitePath);
}
