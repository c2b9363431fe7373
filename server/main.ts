import { pathToFileURL } from "node:url";
import { buildServer } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

/** Starts the server on HOST:PORT and stops it cleanly on SIGINT/SIGTERM. */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.code ? `${error.code}: ` : ""}${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildServer({ config, logger: process.env.LOG_LEVEL ?? "info" });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", close);
  process.once("SIGTERM", close);
  await app.listen({ port: config.port, host: config.host });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
