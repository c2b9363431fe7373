// @vitest-environment node
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_HEADER, LEADS_ROUTE, TOKEN_HEADER, TOKEN_ROUTE } from "../../contract/lead-api.ts";
import { VALID_LEAD } from "../../tests/support/lead-api-suite.ts";
import { testConfig } from "../../tests/support/server.ts";
import { buildServer } from "../app.ts";
import { createMetrics, metricsServer } from "./metrics.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The value of one series in Prometheus' text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("counts requests by route pattern and status, leads, refusals, rate-limit hits and deliveries", async () => {
    const metrics = createMetrics();
    const webhookCalls: string[] = [];
    const app = await buildServer({
      config: testConfig({ RATE_LIMIT_MAX: "6", CRM_WEBHOOK_URL: "https://crm.example/hook" }),
      metrics,
      fetch: (async (_url: string, init: RequestInit) => {
        webhookCalls.push(String(init.body));
        return new Response(null, { status: webhookCalls.length === 1 ? 500 : 204 });
      }) as typeof fetch,
    });
    const scrape = metricsServer(metrics);
    apps.push(app, scrape);

    await app.inject("/");
    await app.inject("/about");
    await app.inject("/missing");
    await app.inject("/healthz");
    const token = (await app.inject({ method: "POST", url: TOKEN_ROUTE })).json().data.token as string;
    const lead = (key: string, body: unknown) =>
      app.inject({
        method: "POST",
        url: LEADS_ROUTE,
        headers: { "content-type": "application/json", [TOKEN_HEADER]: token, [IDEMPOTENCY_HEADER]: key },
        payload: JSON.stringify(body),
      });
    expect((await lead("metrics-key-1", VALID_LEAD)).statusCode).toBe(201);
    expect((await lead("metrics-key-2", { ...VALID_LEAD, leave_empty: "https://spam.example" })).statusCode).toBe(201);
    expect((await lead("metrics-key-3", { ...VALID_LEAD, companyEmail: "nope" })).statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: LEADS_ROUTE })).statusCode).toBe(401);
    // The limit is 6 per window: token, three leads and the unauthenticated one are 5; the 7th call is refused.
    await app.inject({ method: "POST", url: TOKEN_ROUTE });
    expect((await app.inject({ method: "POST", url: TOKEN_ROUTE })).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const response = await scrape.inject("/metrics");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = response.body;
    expect(sample(text, 'http_requests_total{method="GET",route="/*",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/*",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/leads",status="201"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="POST",route="/api/tokens/lead",status="429"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/leads",status="201"}')).toBe(2);
    expect(sample(text, "voxa_leads_stored_total")).toBe(1);
    expect(sample(text, "voxa_leads_quarantined_total")).toBe(1);
    expect(sample(text, 'voxa_lead_api_refusals_total{code="LEAD_INVALID"}')).toBe(1);
    expect(sample(text, 'voxa_lead_api_refusals_total{code="LEAD_TOKEN_MISSING"}')).toBe(1);
    expect(sample(text, 'voxa_lead_api_refusals_total{code="API_RATE_LIMITED"}')).toBe(1);
    expect(sample(text, "voxa_rate_limit_hits_total")).toBe(1);
    expect(sample(text, 'voxa_outbox_deliveries_total{channel="webhook",outcome="failed"}')).toBe(1);
    // The failed delivery waits for its retry (about a second later): one message pending, a lead a moment old.
    expect(sample(text, "voxa_outbox_pending")).toBe(1);
    expect(sample(text, "voxa_outbox_oldest_pending_age_seconds")).toBeGreaterThan(0);
    expect(sample(text, "voxa_outbox_oldest_pending_age_seconds")).toBeLessThan(60);
    // Raw URLs never become labels.
    expect(text).not.toContain('route="/about"');
    expect(text).not.toContain('route="/missing"');
  });

  it("is not served by the public server", async () => {
    const app = await buildServer({ config: testConfig(), metrics: createMetrics() });
    apps.push(app);
    const response = await app.inject("/metrics");
    expect(response.statusCode).toBe(404);
  });
});
