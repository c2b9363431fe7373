// @vitest-environment node
import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogueError, formatCatalogueError, operationsErrors } from "../../contract/errors.ts";
import { BENCH_SECRET, freePort, startLeadServer, tempDatabase } from "../../scripts/measure/lead-server.ts";
import { fixtureSite } from "../../tests/support/server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const taken: net.Server[] = [];
afterAll(() => Promise.all(taken.map((server) => new Promise((resolve) => server.close(resolve)))));

/** A port that another process's socket holds, as a server still closing (or another program) holds it. */
async function takenPort(): Promise<number> {
  const port = await freePort();
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  taken.push(server);
  return port;
}

/** Starts the server as `npm start` does after its build check, and waits for it to end. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      SITE_DIR: fixtureSite(),
      SQLITE_PATH: tempDatabase(),
      LEAD_TOKEN_SECRET: BENCH_SECRET,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

describe("a server started on a port that another process holds", () => {
  it("says which port in the catalogue's words and what to do, with no stack trace, and exits 1", async () => {
    const port = await takenPort();
    const { code, stderr } = await startServer({ PORT: String(port) });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `${formatCatalogueError(catalogueError(operationsErrors.portInUse, { address: `127.0.0.1:${port}`, setting: "PORT" }))}\n`,
    );
  });

  it("names METRICS_PORT when the metrics' port is the one taken", async () => {
    const port = await takenPort();
    const { code, stderr } = await startServer({ PORT: String(await freePort()), METRICS_PORT: String(port) });
    expect(code).toBe(1);
    expect(stderr).toContain(`✖ OPS015 127.0.0.1:${port} (METRICS_PORT) is taken by another process`);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe("a server with METRICS_PORT set", () => {
  it("serves its metrics there beside the site, and stops both on SIGTERM", async () => {
    const metricsPort = await freePort();
    const server = await startLeadServer(tempDatabase(), await freePort(), { METRICS_PORT: String(metricsPort) });
    try {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("# TYPE");
    } finally {
      await server.stop();
    }
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});
