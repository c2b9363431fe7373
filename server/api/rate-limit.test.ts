// @vitest-environment node
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/measure/lead-server.ts";
import { buildServer } from "../app.ts";
import { createSqliteStore } from "../db/sqlite.ts";
import { testConfig } from "../../tests/support/server.ts";
import { newKey, VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER, TOKEN_ROUTE } from "../../contract/lead-api.ts";

describe("shared rate limits when Redis is down", () => {
  it("keeps accepting leads (fail open), never 500, and logs the outage", async () => {
    const closedPort = await freePort();
    const lines: string[] = [];
    const app = await buildServer({
      config: testConfig({ REDIS_URL: `redis://127.0.0.1:${closedPort}`, RATE_LIMIT_MAX: "3" }),
      store: createSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "voxa-redis-down-")), "leads.db")),
      logger: { level: "warn", stream: { write: (line) => lines.push(line) } },
    });
    try {
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 8; i++) {
        const token = await app.inject({ method: "POST", url: TOKEN_ROUTE });
        statuses.push(token.statusCode);
        const lead = await app.inject({
          method: "POST",
          url: LEADS_ROUTE,
          headers: {
            "content-type": "application/json",
            [TOKEN_HEADER]: token.json().data.token,
            [IDEMPOTENCY_HEADER]: newKey(),
          },
          payload: JSON.stringify({ ...VALID_LEAD, companyEmail: `fail-open-${i}@example.com` }),
        });
        statuses.push(lead.statusCode);
      }
      expect(statuses).toEqual(Array.from({ length: 8 }, () => [200, 201]).flat());
      // Failing fast: no request waits for Redis to come back.
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect
        .poll(() => lines.map((line) => JSON.parse(line) as { code?: string; msg: string }))
        .toContainEqual(expect.objectContaining({ code: "RATE_LIMIT_STORE_DOWN" }));
      const warning = lines
        .map((line) => JSON.parse(line) as { msg: string })
        .find((line) => /RATE_LIMIT/.test(line.msg));
      expect(warning?.msg).toMatch(/^RATE_LIMIT_STORE_DOWN: The shared rate-limit store \(Redis\) cannot be reached/);
    } finally {
      await app.close();
    }
  });

  it("refuses a REDIS_URL that is not redis:// or rediss://", () => {
    expect(() => testConfig({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(
      "REDIS_URL must be a redis:// or rediss:// URL",
    );
  });
});
