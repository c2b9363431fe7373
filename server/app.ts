import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { describeError, leadApiErrors } from "../contract/errors.ts";
import { leadApi } from "./api/lead-api.ts";
import { LEAD_API_PREFIX } from "../contract/lead-api.ts";
import { emailSender } from "./api/notify-email.ts";
import { startOutbox, webhookSender, type OutboxSender } from "./api/outbox.ts";
import type { LogFormat, ServerConfig } from "./config.ts";
import { openStore } from "./db/index.ts";
import type { LeadStore, OutboxChannel } from "./db/store.ts";
import { health, type Lifecycle } from "./ops/health.ts";
import type { Metrics } from "./ops/metrics.ts";
import { securityHeaders } from "./site/security-headers.ts";
import { staticSite } from "./site/static-site.ts";

export interface BuildServerOptions {
  config: ServerConfig;
  /** A pino level ("info", "warn"…), false for silence, or a level and a stream (tests read what is logged). */
  logger?: string | false | { level: string; stream: { write(line: string): void } };
  /** A store to use instead of opening the configured one (tests); closed with the server. */
  store?: LeadStore;
  /** The clock of tokens and idempotency records (tests move it forward). */
  now?: () => number;
  /** How the outbox calls the CRM webhook (tests record the calls). */
  fetch?: typeof fetch;
  /** How often the outbox looks for due retries (tests shorten it, with `now`, instead of waiting). */
  outboxPollMs?: number;
  /** Set `draining` when shutting down: /readyz turns 503 and answers close their connection. */
  lifecycle?: Lifecycle;
  /** Where requests, leads and deliveries are counted (GET /metrics on its own port); none when metrics are off. */
  metrics?: Metrics;
  /** How often /healthz measures the event loop's lag (tests shorten it). */
  healthSampleMs?: number;
}

/** Text worth compressing. */
const COMPRESSIBLE = /^text\/|\+json|\+xml|javascript|json|svg/;
const HOUR = 3_600_000;

/**
 * The whole server: the prerendered site and, under /api, the lead API. Tests call it with
 * `app.inject()`; `server/main.ts` calls it and listens.
 */
export async function buildServer({
  config,
  logger = false,
  store,
  now = Date.now,
  fetch,
  outboxPollMs,
  lifecycle = { draining: false },
  metrics,
  healthSampleMs,
}: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logger, config.logFormat),
    trustProxy: config.trustProxy,
  });
  securityHeaders(app, { hsts: config.hsts });
  // While draining, every answer ends its connection: a keep-alive client's next request opens one elsewhere.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (lifecycle.draining) reply.header("connection", "close");
    return payload;
  });
  await app.register(fastifyCompress, { customTypes: COMPRESSIBLE, threshold: 1024 });
  await app.register(staticSite, {
    siteDir: config.siteDir,
    connectSrc: config.connectSrc,
    upgradeInsecureRequests: config.hsts,
  });

  const leads = store ?? (await openStore(config.api, app.log));
  metrics?.observe(app, leads);
  await app.register(health, {
    store: leads,
    lifecycle,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    sampleIntervalMs: healthSampleMs,
  });
  const senders: Partial<Record<OutboxChannel, OutboxSender>> = {};
  if (config.api.crmWebhookUrl) senders.webhook = webhookSender(config.api.crmWebhookUrl, fetch);
  const mailer = config.api.notify ? emailSender(config.api.notify) : undefined;
  if (mailer) senders.email = mailer.send;
  const outboxChannels = Object.keys(senders) as OutboxChannel[];
  const outbox =
    outboxChannels.length > 0
      ? startOutbox({
          store: leads,
          senders,
          now,
          pollMs: outboxPollMs,
          leaseMs: config.api.outboxLeaseMs,
          log: (message) => app.log.warn(message),
          onAttempt: metrics?.deliveryAttempted,
        })
      : undefined;
  if (config.api.databaseUrl && !config.api.redisUrl) {
    app.log.warn({ code: leadApiErrors.rateLimitPerInstance.code }, describeError(leadApiErrors.rateLimitPerInstance));
  }
  const purgeKeys = () =>
    leads
      .purgeIdempotencyBefore(now() - config.api.idempotencyTtlHours * HOUR)
      .catch((error: unknown) => app.log.error(error));
  const purgeTimer = setInterval(purgeKeys, HOUR);
  purgeTimer.unref();
  app.addHook("onClose", async () => {
    clearInterval(purgeTimer);
    await outbox?.stop();
    mailer?.close();
    await leads.close();
  });

  await app.register(leadApi, {
    prefix: LEAD_API_PREFIX,
    config: config.api,
    store: leads,
    outbox,
    outboxChannels,
    now,
    onLeadCommitted: metrics?.leadCommitted,
  });
  return app;
}

/** pino's options: JSON lines, or pino-pretty's readable lines (a worker thread) when the format says so. */
function loggerOptions(logger: BuildServerOptions["logger"], format: LogFormat) {
  if (typeof logger !== "string") return logger;
  if (format === "json") return { level: logger };
  return { level: logger, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l" } } };
}
