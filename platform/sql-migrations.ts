import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { transactionOn } from "./postgres-transaction.ts";

/** One numbered SQL migration: `NNN_name.sql`, its number the version. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The numbered migrations of a folder (`NNN_name.sql`), in order; other files are left out. */
export function readMigrationFolder(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((name) => ({ version: Number.parseInt(name, 10), name, sql: readFileSync(path.join(dir, name), "utf8") }));
}

export interface PostgresMigrations {
  /** The table that lists the migrations applied (version, name, when), created if missing. */
  table: string;
  /**
   * The advisory lock held while migrating, one per table: any constant works, it only serialises the instances of one
   * store that start together, so that the second waits for the first and then finds its migrations applied.
   */
  lock: number;
  migrations: Migration[];
}

/**
 * Applies the `migrations` that `table` does not list, in order, each in a transaction of its own with its row in
 * `table`: a migration that fails leaves neither its changes nor its row, and the next start tries it again.
 */
export async function migratePostgres(pool: pg.Pool, { table, lock, migrations }: PostgresMigrations): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [lock]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
    );
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${table}`);
    const applied = new Set(rows.map((row) => Number(row.version)));
    for (const { version, name, sql } of migrations) {
      if (applied.has(version)) continue;
      await transactionOn(client, async () => {
        await client.query(sql);
        await client.query(`INSERT INTO ${table} (version, name, applied_at) VALUES ($1, $2, $3)`, [
          version,
          name,
          Date.now(),
        ]);
      });
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [lock]).catch(() => undefined);
    client.release();
  }
}
