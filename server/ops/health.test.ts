// @vitest-environment node
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { messageOf, operationsErrors } from "../../contract/errors.ts";
import { testConfig } from "../../tests/support/server.ts";
import { buildServer } from "../app.ts";
import { openStore } from "../db/index.ts";
import { type LeadStore, stderrLog } from "../db/store.ts";
import type { Lifecycle } from "./health.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function server(options: { store?: (inner: LeadStore) => LeadStore; env?: Record<string, string> } = {}) {
  const config = testConfig(options.env);
  const inner = await openStore(config.api, stderrLog);
  const lifecycle: Lifecycle = { draining: false };
  const lines: string[] = [];
  const app = await buildServer({
    config,
    store: options.store ? options.store(inner) : inner,
    lifecycle,
    healthSampleMs: 100,
    logger: { level: "info", stream: { write: (line) => lines.push(line) } },
  });
  apps.push(app);
  return { app, lifecycle, lines };
}

const body = (status: "ok" | "unavailable", code: string, message: string) => ({ status, code, message });

describe("GET /healthz", () => {
  it("answers 200 while the event loop keeps up, never cached, never logged, never rate-limited", async () => {
    const { app, lines } = await server({ env: { RATE_LIMIT_MAX: "2" } });
    for (let i = 0; i < 5; i++) {
      const response = await app.inject("/healthz");
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual(body("ok", "OPS001", "The server is alive"));
    }
    expect(lines.filter((line) => line.includes("/healthz"))).toEqual([]);
  });

  it("answers 503 with the lag right after the event loop was held, 200 again once it runs freely", async () => {
    const { app } = await server({ env: { HEALTH_MAX_EVENT_LOOP_DELAY_MS: "100" } });
    const until = Date.now() + 300;
    while (Date.now() < until) {
      // Busy: a synchronous task holds the event loop.
    }
    const response = await app.inject("/healthz");
    expect(response.statusCode).toBe(503);
    const answer = response.json();
    expect(answer.code).toBe("OPS002");
    expect(answer.message).toMatch(/^The event loop lags \d+ ms behind \(more than 100 ms\)$/);
    // Visitors are still served: the limit applies to the probe only.
    expect((await app.inject("/")).statusCode).toBe(200);
    // Once the measuring timer has run on time again (a few 100 ms ticks; longer on a loaded machine).
    let recovered = await app.inject("/healthz");
    for (let poll = 0; poll < 50 && recovered.statusCode !== 200; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = await app.inject("/healthz");
    }
    expect(recovered.statusCode).toBe(200);
  });
});

describe("GET /readyz", () => {
  it("answers 200 when the store answers and has every migration", async () => {
    const { app, lines } = await server();
    const response = await app.inject("/readyz");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual(body("ok", "OPS003", "Ready to take traffic"));
    expect(lines.filter((line) => line.includes("/readyz"))).toEqual([]);
  });

  it("answers 503 at once when draining, while pages are still served", async () => {
    const { app, lifecycle } = await server();
    lifecycle.draining = true;
    const response = await app.inject("/readyz");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(
      body("unavailable", "OPS004", "Shutting down: finishing current requests, taking no new traffic"),
    );
    const page = await app.inject("/");
    expect(page.statusCode).toBe(200);
    expect(page.headers.connection).toBe("close");
  });

  it("answers 503 when the store does not answer", async () => {
    const { app } = await server({
      store: (inner) => ({
        ...inner,
        dialect: inner.dialect,
        pendingMigrations: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        },
      }),
    });
    const response = await app.inject("/readyz");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(
      body(
        "unavailable",
        "OPS005",
        messageOf(operationsErrors.storeDown, { reason: "connect ECONNREFUSED 127.0.0.1:5432" }),
      ),
    );
    expect(response.json().message).toBe("The lead store does not answer: connect ECONNREFUSED 127.0.0.1:5432");
  });

  it("answers 503 naming the migrations the database lacks", async () => {
    const { app } = await server({
      store: (inner) => ({ ...inner, dialect: inner.dialect, pendingMigrations: async () => ["003_next.sql"] }),
    });
    const response = await app.inject("/readyz");
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(body("unavailable", "OPS006", "The database lacks migrations: 003_next.sql"));
  });
});
