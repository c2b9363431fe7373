// @vitest-environment node
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * Runs `code` in a fresh Node process (with tsx, as the server runs) and returns the files of better-sqlite3 and pg
 * that the process loaded: every CommonJS module, whether required or imported, lands in the module cache.
 */
async function packagesLoadedBy(code: string): Promise<{ betterSqlite3: string[]; pg: string[] }> {
  const script = `
    import { createRequire } from "node:module";
    const at = (file) => import(${JSON.stringify(pathToFileURL(root).href)} + "/" + file);
    ${code}
    const loaded = Object.keys(createRequire(process.cwd() + "/").cache);
    console.log(JSON.stringify({
      betterSqlite3: loaded.filter((file) => file.includes("/node_modules/better-sqlite3/")),
      pg: loaded.filter((file) => file.includes("/node_modules/pg/")),
    }));
  `;
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "" },
  });
  return JSON.parse(stdout) as { betterSqlite3: string[]; pg: string[] };
}

describe("the lead stores' modules", () => {
  it("a PostgreSQL deployment never loads better-sqlite3: the server, the store, and opening it", async () => {
    const loaded = await packagesLoadedBy(`
      await at("server/app.ts");
      await at("server/db/postgres.ts");
      const { openStore } = await at("server/db/index.ts");
      // Nothing listens on port 1: the store is chosen and its driver loaded, then the connection is refused.
      await openStore({ databaseUrl: "postgres://voxa@127.0.0.1:1/none", sqlitePath: "unused.db" }, { warn() {} }).catch(() => {});
    `);
    expect(loaded.pg.length).toBeGreaterThan(0);
    expect(loaded.betterSqlite3).toEqual([]);
  });

  it("a SQLite deployment loads better-sqlite3 only when it opens its store, and never pg", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "voxa-modules-")), "leads.db");
    const loaded = await packagesLoadedBy(`
      const { openStore } = await at("server/db/index.ts");
      await (await openStore({ databaseUrl: undefined, sqlitePath: ${JSON.stringify(file)} }, { warn() {} })).close();
    `);
    expect(loaded.betterSqlite3.length).toBeGreaterThan(0);
    expect(loaded.pg).toEqual([]);
  });
});
