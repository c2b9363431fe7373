import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { leadApi } from "./api/lead-api.ts";
import { startOutbox } from "./api/outbox.ts";
import type { ServerConfig } from "./config.ts";
import { openStore } from "./db/index.ts";
import type { LeadStore } from "./db/store.ts";
import { securityHeaders } from "./site/security-headers.ts";
import { staticSite } from "./site/static-site.ts";

export interface BuildServerOptions {
  config: ServerConfig;
  /** A pino level ("info", "warn"…), or false for silence (tests). */
  logger?: string | false;
  /** A store to use instead of opening the configured one (tests); closed with the server. */
  store?: LeadStore;
  /** The clock of tokens and idempotency records (tests move it forward). */
  now?: () => number;
  /** How the outbox calls the CRM webhook (tests record the calls). */
  fetch?: typeof fetch;
}

/** Text worth compressing, including React Router's `.data` (text/x-script). */
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
}: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: logger } : false, trustProxy: config.trustProxy });
  securityHeaders(app, { hsts: config.hsts });
  await app.register(fastifyCompress, { customTypes: COMPRESSIBLE, threshold: 1024 });
  await app.register(staticSite, {
    siteDir: config.siteDir,
    connectSrc: config.connectSrc,
    upgradeInsecureRequests: config.hsts,
  });

  const leads = store ?? (await openStore(config.api));
  const outbox = config.api.crmWebhookUrl
    ? startOutbox({
        store: leads,
        webhookUrl: config.api.crmWebhookUrl,
        now,
        fetch,
        log: (message) => app.log.warn(message),
      })
    : undefined;
  const purgeKeys = () =>
    leads
      .purgeIdempotencyBefore(now() - config.api.idempotencyTtlHours * HOUR)
      .catch((error: unknown) => app.log.error(error));
  const purgeTimer = setInterval(purgeKeys, HOUR);
  purgeTimer.unref();
  app.addHook("onClose", async () => {
    clearInterval(purgeTimer);
    await outbox?.stop();
    await leads.close();
  });

  await app.register(leadApi, { prefix: "/api", config: config.api, store: leads, outbox, now });
  return app;
}
