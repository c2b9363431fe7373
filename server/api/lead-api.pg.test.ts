// @vitest-environment node
import pg from "pg";
import { describe, it } from "vitest";
import { createPostgresStore } from "../db/postgres.ts";
import { stderrLog } from "../db/store.ts";
import { leadApiSuite } from "../../tests/support/lead-api-suite.ts";

const url = process.env.DATABASE_URL;

if (url) {
  leadApiSuite("PostgreSQL", async () => {
    const store = await createPostgresStore(url, stderrLog);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("TRUNCATE leads, idempotency_keys, outbox");
    await client.end();
    return store;
  });
} else {
  describe("lead API (PostgreSQL)", () => {
    it.skip("skipped: DATABASE_URL is unset; run `npm run test:pg` to start a throwaway PostgreSQL and run this suite", () => {});
  });
}
