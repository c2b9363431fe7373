import { pathToFileURL } from "node:url";
import {
  CatalogueError,
  catalogueError,
  formatCatalogueError,
  messageOf,
  operationsErrors,
} from "../contract/errors.ts";
import { buildServer } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Lifecycle } from "./ops/health.ts";
import { createMetrics, metricsServer } from "./ops/metrics.ts";
import { drainOnSignals } from "./ops/shutdown.ts";

/** Listens, or says in the catalogue's words which port is taken (EADDRINUSE) and what to do, with no stack trace. */
async function listenOn(
  server: { listen(options: { port: number; host: string }): Promise<string> },
  { port, host }: { port: number; host: string },
  setting: string,
): Promise<string> {
  try {
    return await server.listen({ port, host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw catalogueError(operationsErrors.portInUse, { address: `${host}:${port}`, setting });
  }
}

/** Starts the server on HOST:PORT (and the metrics on METRICS_PORT), and drains it on SIGTERM. */
export async function main(): Promise<void> {
  try {
    const config = loadConfig();
    const lifecycle: Lifecycle = { draining: false };
    const metrics = config.metrics ? createMetrics() : undefined;
    const app = await buildServer({ config, logger: process.env.LOG_LEVEL ?? "info", lifecycle, metrics });
    drainOnSignals({ app, lifecycle, graceMs: config.shutdownGraceMs, timeoutMs: config.shutdownTimeoutMs });
    // The metrics' server closes with the site's: a hook Fastify takes only before the site listens.
    const scrape = metrics && metricsServer(metrics);
    if (scrape) app.addHook("onClose", () => scrape.close());
    await listenOn(app, config, "PORT");
    if (scrape && config.metrics) {
      const url = await listenOn(scrape, config.metrics, "METRICS_PORT");
      app.log.info(
        { code: operationsErrors.metricsListening.code },
        messageOf(operationsErrors.metricsListening, { url: `${url}/metrics` }),
      );
    }
  } catch (error) {
    // A setting or a build it cannot start with: the catalogue's message and fix, not a stack trace.
    if (error instanceof CatalogueError) {
      console.error(formatCatalogueError(error));
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
