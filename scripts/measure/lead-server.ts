import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogueError, leadBenchErrors } from "../../contract/errors.ts";
import {
  IDEMPOTENCY_HEADER,
  type LeadApiSuccess,
  type LeadToken,
  TOKEN_HEADER,
  TOKEN_ROUTE,
} from "../../contract/lead-api.ts";
import { fixtureSite } from "../../tests/support/server.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-01";

export { freePort } from "./serve.ts";

export function tempDatabase(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), "voxa-bench-")), "leads.db");
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` in its own process (so it can be killed -9) on a tiny fixture site. */
export async function startLeadServer(
  sqlitePath: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.LEAD_SERVER_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.LEAD_SERVER_PROF}`] : []),
      "--import",
      "tsx",
      "server/main.ts",
    ],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_DIR: fixtureSite(),
        SQLITE_PATH: sqlitePath,
        LEAD_TOKEN_SECRET: BENCH_SECRET,
        RATE_LIMIT_MAX: "100000000",
        LOG_LEVEL: "warn",
        SHUTDOWN_GRACE_MS: "0",
        ...env,
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers its liveness probe. Not a token request: that one counts against 127.0.0.1's rate limit, which
  // a shared Redis keeps across servers and test files; with it spent, a start waited out the limit's window (a minute).
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt > 600 || child.exitCode !== null) throw catalogueError(leadBenchErrors.serverDown);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export async function leadToken(url: string): Promise<string> {
  const response = await fetch(`${url}${TOKEN_ROUTE}`, { method: "POST", headers: { accept: "application/json" } });
  return ((await response.json()) as LeadApiSuccess<LeadToken>).data.token;
}

/** The headers of a lead call carrying `token` and the submission's idempotency key. */
export const leadHeaders = (token: string, idempotencyKey: string) => ({
  "content-type": "application/json",
  accept: "application/json",
  [TOKEN_HEADER]: token,
  [IDEMPOTENCY_HEADER]: idempotencyKey,
});

export function uniqueLead(n: number, run: string) {
  return {
    firstName: "Load",
    lastName: `Test ${n}`,
    companyEmail: `load.${run}.${n}@bench.example`,
    companyName: "Bench Insurance",
    industry: "Insurance",
    comment: `Submission ${n} of run ${run}.`,
  };
}
