// @vitest-environment node
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/measure/lead-server.ts";
import { buildServer } from "../app.ts";
import { createPostgresStore } from "../db/postgres.ts";
import { stderrLog } from "../db/store.ts";
import { testConfig } from "../../tests/support/server.ts";
import { VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER, TOKEN_ROUTE } from "../../contract/lead-api.ts";

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const LIMIT = 10;

/** Two server instances on one PostgreSQL (and one Redis when given), listening on their own ports. */
async function twoInstances(env: Record<string, string>) {
  const instances: { app: FastifyInstance; url: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await buildServer({
      config: testConfig({
        DATABASE_URL: databaseUrl!,
        RATE_LIMIT_MAX: String(LIMIT),
        RATE_LIMIT_WINDOW_MS: "60000",
        ...env,
      }),
      store: await createPostgresStore(databaseUrl!, stderrLog),
    });
    const port = await freePort();
    await app.listen({ port, host: "127.0.0.1" });
    instances.push({ app, url: `http://127.0.0.1:${port}` });
  }
  return instances;
}

/** One token, then 2 × LIMIT lead submissions from one client, alternating between the instances. */
async function spread(instances: { url: string }[], run: string) {
  const tokenResponse = await fetch(`${instances[0].url}${TOKEN_ROUTE}`, { method: "POST" });
  const { token } = ((await tokenResponse.json()) as { data: { token: string } }).data;
  const statuses: number[] = [];
  for (let i = 0; i < 2 * LIMIT; i++) {
    const response = await fetch(`${instances[i % 2].url}${LEADS_ROUTE}`, {
      method: "POST",
      headers: { "content-type": "application/json", [TOKEN_HEADER]: token, [IDEMPOTENCY_HEADER]: `${run}-${i}-key` },
      body: JSON.stringify({ ...VALID_LEAD, companyEmail: `${run}.${i}@shared-limit.example` }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

async function rowsOf(run: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("SELECT count(*) AS n FROM leads WHERE company_email LIKE $1", [`${run}.%`]);
  await client.end();
  return Number(rows[0].n);
}

if (databaseUrl && redisUrl) {
  describe("rate limits shared by two instances (PostgreSQL + Redis)", () => {
    const open: FastifyInstance[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((app) => app.close()));
    });

    it("enforces one limit across both instances: 2 × limit requests spread over both → limit accepted", async () => {
      const redis = new Redis(redisUrl);
      await redis.flushdb();
      redis.disconnect();
      const instances = await twoInstances({ REDIS_URL: redisUrl });
      open.push(...instances.map((instance) => instance.app));
      const statuses = await spread(instances, `shared-${Date.now()}`);
      // The token call took one request of the window; LIMIT - 1 leads fit, the rest get 429 from either instance.
      expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT - 1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT + 1);
      expect(statuses.slice(0, LIMIT - 1).every((status) => status === 201)).toBe(true);
    });

    it("without REDIS_URL each instance counts its own: the same client gets about twice the limit", async () => {
      const instances = await twoInstances({});
      open.push(...instances.map((instance) => instance.app));
      const run = `local-${Date.now()}`;
      const statuses = await spread(instances, run);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2 * LIMIT - 1);
      expect(await rowsOf(run)).toBe(2 * LIMIT - 1);
    });
  });
} else {
  describe("rate limits shared by two instances (PostgreSQL + Redis)", () => {
    it.skip("skipped: DATABASE_URL or REDIS_URL is unset; run `npm run test:pg`, which starts a throwaway PostgreSQL and Redis", () => {});
  });
}
