import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerConfig } from "./config.ts";
import { securityHeaders } from "./site/security-headers.ts";
import { staticSite } from "./site/static-site.ts";

export interface BuildServerOptions {
  config: ServerConfig;
  /** A pino level ("info", "warn"…), or false for silence (tests). */
  logger?: string | false;
}

/** Text worth compressing, including React Router's `.data` (text/x-script). */
const COMPRESSIBLE = /^text\/|\+json|\+xml|javascript|json|svg/;

/**
 * The whole server: the prerendered site and, under /api, the lead API. Tests call it with
 * `app.inject()`; `server/main.ts` calls it and listens.
 */
export async function buildServer({ config, logger = false }: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ? { level: logger } : false, trustProxy: config.trustProxy });
  securityHeaders(app, { hsts: config.hsts });
  await app.register(fastifyCompress, { customTypes: COMPRESSIBLE, threshold: 1024 });
  await app.register(staticSite, {
    siteDir: config.siteDir,
    connectSrc: config.connectSrc,
    upgradeInsecureRequests: config.hsts,
  });
  return app;
}
