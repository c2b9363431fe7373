import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { catalogueError, checkErrors } from "../../contract/errors.ts";
import { ROOT } from "../../toolchain/paths.ts";

export interface RunningSite {
  url: string;
  close: () => Promise<void>;
}

/** The build that the browser checks serve: BUILD_DIR (as for `react-router build`) or ./build. */
export const buildDir = () => path.resolve(ROOT, process.env.BUILD_DIR ?? "build");

export function assertBuilt(dir: string = buildDir()): void {
  if (!fs.existsSync(path.join(dir, "client", "index.html"))) throw catalogueError(checkErrors.noBuild, { dir });
}

/**
 * The lowest port the system hands out for outgoing connections (Linux's ip_local_port_range; the IANA's 49152
 * elsewhere). A port below it is never taken by a connection's own end, so one found free stays free until a server
 * of ours listens on it.
 */
function firstEphemeralPort(): number {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 49152;
  } catch {
    return 49152;
  }
}

/** Listens on `port` (0: one the system picks) and closes; answers the port, or undefined when it is taken. */
function probe(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A free port on 127.0.0.1 for a server a test or a measurement starts, chosen at random below the range of outgoing
 * connections' ports: a port the system picks (`listen(0)`) is one of those, and a browser's or git's connection made
 * before the server listens can take it (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const low = 10_000;
  const high = Math.max(firstEphemeralPort(), low + 1_000);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await probe(low + Math.floor(Math.random() * (high - low)));
    if (port) return port;
  }
  // A machine whose low ports are all taken: one the system picks, as before.
  const picked = await probe(0);
  if (picked) return picked;
  throw catalogueError(checkErrors.noFreePort);
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw catalogueError(checkErrors.serverExited, { code: child.exitCode, log: log() });
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw catalogueError(checkErrors.serverSilent, { url, ms: timeoutMs, log: log() });
}

/**
 * Serves the production build with the project's own server (`npm start`, which rebuilds a stale build) on a free port.
 * `dir` serves another build than BUILD_DIR (a build of generated pages); `env` sets (or, undefined, unsets) variables
 * of the server's environment.
 */
export async function startSite(dir: string = buildDir(), env: NodeJS.ProcessEnv = {}): Promise<RunningSite> {
  assertBuilt(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["start", "--silent"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: dir,
      NODE_ENV: "production",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Nothing balances traffic to a throwaway server: closing it need not wait for anyone to notice.
      SHUTDOWN_GRACE_MS: "0",
      // Throwaway secret and database: leads sent by the checks never reach the real store.
      LEAD_TOKEN_SECRET: process.env.LEAD_TOKEN_SECRET ?? randomBytes(32).toString("hex"),
      SQLITE_PATH:
        process.env.SQLITE_PATH ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxa-e2e-")), "leads.db"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      // npm starts the server as a child: signal the whole process group that this function created.
      process.kill(-child.pid!, "SIGTERM");
    });
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
