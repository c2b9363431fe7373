// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openTeamStore } from "./open-store.ts";
import { teamStoreContract } from "./store-contract.ts";

teamStoreContract("SQLite", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "team-store-")), "team.sqlite");
  // Without a database address, the SQLite file is chosen.
  const store = await openTeamStore({ databaseUrl: undefined, sqlitePath: file });
  return {
    store,
    exec: async (sql) => {
      const db = new Database(file);
      try {
        return db.prepare(sql).run();
      } finally {
        db.close();
      }
    },
  };
});
