import Fastify, { type FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { LEAD_API_PREFIX, STATUS_RATE_LIMITED } from "../../contract/lead-api.ts";
import type { LeadStore, OutboxChannel } from "../db/store.ts";

/** A catalogue code in an API answer: a bounded set of label values, unlike anything the client sends. */
const ANSWER_CODE = /"code":"([A-Z0-9_]+)"/;

/**
 * The server's Prometheus metrics, in a registry of their own (several servers in one test process do not mix). Routes
 * are labelled by their pattern (`/api/leads`, `/*` for every page), never the raw URL, so the series stay few.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "http_requests_total", help: "HTTP requests answered", labelNames, registers });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to answering it",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const stored = new Counter({
    name: "voxa_leads_stored_total",
    help: "Leads committed and queued for the CRM and the sales inbox",
    registers,
  });
  const quarantined = new Counter({
    name: "voxa_leads_quarantined_total",
    help: "Leads committed in quarantine (the form's trap was filled)",
    registers,
  });
  const refused = new Counter({
    name: "voxa_lead_api_refusals_total",
    help: "Lead API error answers, by catalogue code",
    labelNames: ["code"] as const,
    registers,
  });
  const rateLimited = new Counter({
    name: "voxa_rate_limit_hits_total",
    help: "Requests refused by the rate limit (429)",
    registers,
  });
  const deliveries = new Counter({
    name: "voxa_outbox_deliveries_total",
    help: "Outbox delivery attempts, by channel and outcome",
    labelNames: ["channel", "outcome"] as const,
    registers,
  });
  let store: LeadStore | undefined;
  const backlog = () => store?.outboxBacklog() ?? Promise.resolve({ pending: 0, oldestCreatedAt: null });
  new Gauge({
    name: "voxa_outbox_pending",
    help: "Outbox messages not delivered yet (all instances: the store is shared)",
    registers,
    async collect() {
      this.set((await backlog()).pending);
    },
  });
  new Gauge({
    name: "voxa_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest lead whose delivery is pending; 0 when none is",
    registers,
    async collect() {
      const { oldestCreatedAt } = await backlog();
      this.set(oldestCreatedAt === null ? 0 : Math.max(0, (Date.now() - oldestCreatedAt) / 1000));
    },
  });

  return {
    registry,
    /** Counts every answer of `app` (hooks on the root: every route, the 404s included). */
    observe(app: FastifyInstance, leadStore: LeadStore) {
      store = leadStore;
      app.addHook("onSend", async (request, reply, payload) => {
        if (reply.statusCode >= 400 && request.url.startsWith(LEAD_API_PREFIX) && typeof payload === "string") {
          const code = ANSWER_CODE.exec(payload)?.[1];
          if (code) refused.inc({ code });
        }
        return payload;
      });
      app.addHook("onResponse", async (request, reply) => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status: String(reply.statusCode),
        };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
        if (reply.statusCode === STATUS_RATE_LIMITED) rateLimited.inc();
      });
    },
    leadCommitted(inQuarantine: boolean) {
      (inQuarantine ? quarantined : stored).inc();
    },
    deliveryAttempted(channel: OutboxChannel, delivered: boolean) {
      deliveries.inc({ channel, outcome: delivered ? "delivered" : "failed" });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** GET /metrics on a server of its own, on its own port: never reachable through the public one. */
export function metricsServer(metrics: Metrics): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get("/metrics", async (_request, reply) =>
    reply.header("content-type", metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  return app;
}
