/** Operations: what the server says to probes, load balancers and operators. */
import { entry } from "./entry.ts";

/** What the server says to probes, load balancers and operators: health, draining, metrics, logs, deployment checks. */
export const operationsErrors = {
  alive: entry({
    code: "OPS001",
    status: 200,
    title: "Alive",
    message: "The server is alive",
    hint: "Nothing to do: GET /healthz answers 200 while the event loop keeps up.",
  }),
  eventLoopStuck: entry<{ delayMs: number; maxMs: number }>({
    code: "OPS002",
    status: 503,
    title: "Event loop blocked",
    message: ({ delayMs, maxMs }) => `The event loop lags ${delayMs} ms behind (more than ${maxMs} ms)`,
    hint: "Something synchronous holds the process (a CPU-bound task, a huge body): restart it, then profile with `node --cpu-prof`. HEALTH_MAX_EVENT_LOOP_DELAY_MS sets the limit.",
  }),
  ready: entry({
    code: "OPS003",
    status: 200,
    title: "Ready",
    message: "Ready to take traffic",
    hint: "Nothing to do: GET /readyz answers 200 while the store answers, its migrations are applied and the server is not shutting down.",
  }),
  draining: entry({
    code: "OPS004",
    status: 503,
    title: "Draining",
    message: "Shutting down: finishing current requests, taking no new traffic",
    hint: "Expected after SIGTERM: the load balancer moves traffic to other instances before this one closes (SHUTDOWN_GRACE_MS).",
  }),
  storeDown: entry<{ reason: string }>({
    code: "OPS005",
    status: 503,
    title: "Lead store does not answer",
    message: ({ reason }) => `The lead store does not answer: ${reason}`,
    hint: "Check that PostgreSQL is up and reachable at DATABASE_URL (or that SQLITE_PATH's disk is there); the instance turns ready again by itself.",
  }),
  migrationsPending: entry<{ names: readonly string[] }>({
    code: "OPS006",
    status: 503,
    title: "Migrations not applied",
    message: ({ names }) => `The database lacks migrations: ${names.join(", ")}`,
    hint: "Another version changed the database, or it was restored from an old backup: restart an instance of this version, which applies them.",
  }),
  drainStarted: entry<{ signal: string; graceMs: number; timeoutMs: number }>({
    code: "OPS007",
    title: "Shutdown started",
    message: ({ signal, graceMs, timeoutMs }) =>
      `${signal}: /readyz answers 503; requests are still served for ${graceMs} ms, then the server closes (at most ${timeoutMs} ms in all)`,
    hint: "Send the signal again to exit at once; SHUTDOWN_GRACE_MS and SHUTDOWN_TIMEOUT_MS set the delays.",
  }),
  drainForced: entry<{ why: string }>({
    code: "OPS008",
    title: "Shutdown cut short",
    message: ({ why }) =>
      `Exiting at once (${why}): acknowledged leads are committed, deliveries in progress resume elsewhere`,
    hint: "If the deadline is hit on every deploy, raise SHUTDOWN_TIMEOUT_MS (and the orchestrator's grace period above it).",
  }),
  closed: entry({
    code: "OPS009",
    title: "Closed",
    message: "Closed cleanly: every request answered, the outbox's current delivery finished",
    hint: "Nothing to do.",
  }),
  logFormatInvalid: entry<{ raw: string }>({
    code: "CONFIG_LOG_FORMAT_INVALID",
    title: "Invalid LOG_FORMAT",
    message: ({ raw }) => `LOG_FORMAT is '${raw}': it must be 'json' or 'pretty'`,
    hint: "Unset it (JSON lines, readable lines on a terminal outside production) or set json or pretty.",
  }),
  metricsListening: entry<{ url: string }>({
    code: "OPS010",
    title: "Metrics served",
    message: ({ url }) => `Prometheus metrics on ${url}`,
    hint: "Scrape it from the monitoring host; METRICS_HOST 0.0.0.0 only on a private network.",
  }),
  nginxMissing: entry({
    code: "OPS011",
    title: "nginx is not installed",
    message: "nginx is not installed",
    hint: "apt-get install -y nginx",
  }),
  haproxyMissing: entry({
    code: "OPS012",
    title: "HAProxy is not installed",
    message: "haproxy is not installed",
    hint: "apt-get install -y haproxy",
  }),
  nginxPagesWritten: entry<{ file: string; pages: number }>({
    code: "OPS013",
    title: "nginx page headers written",
    message: ({ file, pages }) => `${file}: Content-Security-Policy of ${pages} pages for deploy/nginx.conf`,
    hint: "Copy it with the build; deploy/nginx.conf includes it (docs/deploy.md).",
  }),
  deployParity: entry<{ differences: readonly string[] }>({
    code: "OPS014",
    title: "nginx answers differently from npm start",
    message: ({ differences }) => `nginx and npm start differ:\n${differences.join("\n")}`,
    hint: "Change deploy/nginx.conf (or scripts/nginx-pages.ts) until it answers as the server does, or justify the difference in the test.",
  }),
  portInUse: entry<{ address: string; setting: string }>({
    code: "OPS015",
    title: "Port in use",
    message: ({ address, setting }) =>
      `${address} (${setting}) is taken by another process: the server cannot listen there`,
    hint: "Stop what listens there (a server stopped a moment ago may still be closing: start again in a second; `lsof -i :<port>` names it), or set another port.",
  }),
} as const;
