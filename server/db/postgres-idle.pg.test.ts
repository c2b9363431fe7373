// @vitest-environment node
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { describeError, leadApiErrors } from "../../contract/errors.ts";
import { createPostgresStore } from "./postgres.ts";
import type { StoreLog } from "./store.ts";

const url = process.env.DATABASE_URL;
const APPLICATION = "voxa-idle-test";

if (url) {
  describe("the PostgreSQL store's pool", () => {
    it("logs DB_CONNECTION_LOST when PostgreSQL ends an idle connection, keeps the process running, and answers the next query", async () => {
      const warnings: Parameters<StoreLog["warn"]>[] = [];
      const named = new URL(url);
      named.searchParams.set("application_name", APPLICATION);
      const store = await createPostgresStore(named.href, { warn: (...warning) => warnings.push(warning) });
      try {
        // A query leaves its connection idle in the pool.
        const before = await store.countLeads();
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        const { rowCount } = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
          [APPLICATION],
        );
        await admin.end();
        expect(rowCount).toBeGreaterThan(0);

        await vi.waitFor(() => expect(warnings.length).toBeGreaterThan(0));
        expect(warnings[0]).toEqual([
          { code: leadApiErrors.databaseConnectionLost.code },
          describeError(leadApiErrors.databaseConnectionLost, "terminating connection due to administrator command"),
        ]);
        expect(await store.countLeads()).toBe(before);
      } finally {
        await store.close();
      }
    });
  });
} else {
  describe("the PostgreSQL store's pool", () => {
    it.skip("skipped: DATABASE_URL is unset; run `npm run test:pg` to start a throwaway PostgreSQL and run this suite", () => {});
  });
}
