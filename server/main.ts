import { pathToFileURL } from "node:url";
import { CatalogueError, formatCatalogueError, messageOf, operationsErrors } from "../contract/errors.ts";
import { buildServer } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Lifecycle } from "./ops/health.ts";
import { createMetrics, metricsServer } from "./ops/metrics.ts";
import { drainOnSignals } from "./ops/shutdown.ts";

/** Starts the server on HOST:PORT (and the metrics on METRICS_PORT), and drains it on SIGTERM. */
export async function main(): Promise<void> {
  try {
    const config = loadConfig();
    const lifecycle: Lifecycle = { draining: false };
    const metrics = config.metrics ? createMetrics() : undefined;
    const app = await buildServer({ config, logger: process.env.LOG_LEVEL ?? "info", lifecycle, metrics });
    drainOnSignals({ app, lifecycle, graceMs: config.shutdownGraceMs, timeoutMs: config.shutdownTimeoutMs });
    await app.listen({ port: config.port, host: config.host });
    if (metrics && config.metrics) {
      const scrape = metricsServer(metrics);
      app.addHook("onClose", () => scrape.close());
      const url = await scrape.listen({ port: config.metrics.port, host: config.metrics.host });
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
