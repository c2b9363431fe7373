// @vitest-environment node
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, it } from "vitest";
import { createPostgresTeamStore } from "./postgres-store.ts";
import { teamStoreContract } from "./store-contract.ts";

const url = process.env.DATABASE_URL;

if (url) {
  teamStoreContract("PostgreSQL", async () => {
    // The audit log refuses TRUNCATE: each case gets a schema of its own instead.
    const schema = `team_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const scoped = new URL(url);
    scoped.searchParams.set("options", `-c search_path=${schema}`);
    const store = await createPostgresTeamStore(scoped.href);
    return {
      store,
      exec: async (sql) => {
        const client = new pg.Client({ connectionString: scoped.href });
        await client.connect();
        try {
          return await client.query(sql);
        } finally {
          await client.end();
        }
      },
    };
  });
} else {
  describe("team store (PostgreSQL)", () => {
    it.skip("skipped: DATABASE_URL is unset; run `npm run test:pg` to start a throwaway PostgreSQL and run this suite", () => {});
  });
}
