// @vitest-environment node
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Migration, migratePostgres } from "../platform/sql-migrations.ts";

const url = process.env.DATABASE_URL;

/** The migrations of a store of this test's own: a table, then a row that a second run would add again. */
const MIGRATIONS: Migration[] = [
  { version: 1, name: "001_marks.sql", sql: "CREATE TABLE marks (id SERIAL PRIMARY KEY, note TEXT NOT NULL)" },
  { version: 2, name: "002_first_mark.sql", sql: "INSERT INTO marks (note) VALUES ('first')" },
];
const BROKEN: Migration = {
  version: 3,
  name: "003_broken.sql",
  sql: "INSERT INTO marks (note) VALUES ('half'); SELECT * FROM no_such_table",
};
const setup = { table: "test_schema_migrations", lock: 7_240_199 };

const pools: pg.Pool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.end())));

/** A pool on a schema of its own (a fresh database to the runner), and a second one on it: two instances. */
async function freshSchema(): Promise<[pg.Pool, pg.Pool]> {
  const schema = `migrations_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url!);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  const two = [new pg.Pool({ connectionString: scoped.href }), new pg.Pool({ connectionString: scoped.href })];
  pools.push(...two);
  return [two[0]!, two[1]!];
}

describe.skipIf(!url)("the PostgreSQL migration runner (run by `npm run test:pg`)", () => {
  it("applies each migration once when two instances start together, and lists them in its table", async () => {
    const [one, other] = await freshSchema();
    await Promise.all([
      migratePostgres(one, { ...setup, migrations: MIGRATIONS }),
      migratePostgres(other, { ...setup, migrations: MIGRATIONS }),
    ]);
    expect((await one.query("SELECT note FROM marks")).rows).toEqual([{ note: "first" }]);
    const { rows } = await one.query(`SELECT version, name FROM ${setup.table} ORDER BY version`);
    expect(rows).toEqual([
      { version: 1, name: "001_marks.sql" },
      { version: 2, name: "002_first_mark.sql" },
    ]);
    await migratePostgres(other, { ...setup, migrations: MIGRATIONS });
    expect((await one.query("SELECT count(*)::int AS n FROM marks")).rows).toEqual([{ n: 1 }]);
  });

  it("leaves neither the changes nor the row of a migration that fails, and the next start applies it once fixed", async () => {
    const [one] = await freshSchema();
    await expect(migratePostgres(one, { ...setup, migrations: [...MIGRATIONS, BROKEN] })).rejects.toThrow(
      'relation "no_such_table" does not exist',
    );
    expect((await one.query("SELECT note FROM marks")).rows).toEqual([{ note: "first" }]);
    expect((await one.query(`SELECT version FROM ${setup.table} ORDER BY version`)).rows).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
    const fixed = { ...BROKEN, sql: "INSERT INTO marks (note) VALUES ('third')" };
    await migratePostgres(one, { ...setup, migrations: [...MIGRATIONS, fixed] });
    expect((await one.query("SELECT note FROM marks ORDER BY id")).rows).toEqual([
      { note: "first" },
      { note: "third" },
    ]);
  });
});
