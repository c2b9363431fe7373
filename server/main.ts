import { pathToFileURL } from "node:url";
import { CatalogueError, formatCatalogueError } from "../contract/errors.ts";
import { buildServer } from "./app.ts";
import { loadConfig } from "./config.ts";

/** Starts the server on HOST:PORT and stops it cleanly on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  try {
    const config = loadConfig();
    const app = await buildServer({ config, logger: process.env.LOG_LEVEL ?? "info" });
    const close = async () => {
      await app.close();
      process.exit(0);
    };
    process.once("SIGINT", close);
    process.once("SIGTERM", close);
    await app.listen({ port: config.port, host: config.host });
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
