import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type CatalogueEntry, catalogueError, leadApiErrors, operationsErrors } from "../contract/errors.ts";
import { API_ORIGIN_FILE } from "../contract/lead-api.ts";

/** Everything the server reads from the environment, parsed once. */
export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  /** Directory holding the prerendered site (build/client). */
  siteDir: string;
  /** Send Strict-Transport-Security; only meaningful when the site is reached over https. */
  hsts: boolean;
  /** Trust X-Forwarded-* from a reverse proxy (needed for per-IP rate limits behind one). */
  trustProxy: boolean;
  /** Extra origins the pages may call with fetch (a lead API hosted elsewhere). */
  connectSrc: string[];
  /** JSON lines (production, pipes) or pino-pretty's readable lines (a terminal). */
  logFormat: LogFormat;
  /** After SIGTERM, how long requests are still served while /readyz says 503 (load balancers notice). */
  shutdownGraceMs: number;
  /** After SIGTERM, the most the whole shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** /healthz turns 503 when the event loop lags more than this. */
  maxEventLoopDelayMs: number;
  /** Where GET /metrics listens; undefined: nowhere. */
  metrics: { port: number; host: string } | undefined;
  api: ApiConfig;
}

export type LogFormat = "json" | "pretty";

export interface ApiConfig {
  tokenSecret: Buffer;
  tokenTtlSeconds: number;
  /** Browser origins allowed to call the API cross-origin; empty = same origin only. */
  corsOrigins: string[];
  rateLimitMax: number;
  rateLimitWindowMs: number;
  bodyLimitBytes: number;
  idempotencyTtlHours: number;
  /** PostgreSQL connection string; when unset, SQLite at `sqlitePath`. */
  databaseUrl: string | undefined;
  sqlitePath: string;
  crmWebhookUrl: string | undefined;
  /** Shared rate-limit counters; when unset, each process counts its own. */
  redisUrl: string | undefined;
  /** E-mail to the sales inbox for each new lead; undefined when not configured. */
  notify: NotifyConfig | undefined;
  /** How long an outbox delivery is leased: a dead instance's deliveries are taken over after it. */
  outboxLeaseMs: number;
}

export interface NotifyConfig {
  to: string[];
  from: string;
  smtpUrl: string;
}

/** Plain addresses only: display names and line breaks in them are where header injection starts. */
const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

function urlOf(raw: string, protocols: string[], entry: CatalogueEntry): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw catalogueError(entry);
  }
  if (!protocols.includes(url.protocol) || !url.hostname) throw catalogueError(entry);
  return raw;
}

function notifyConfig(env: Env): NotifyConfig | undefined {
  const to = list(env.LEAD_NOTIFY_TO);
  const smtpUrl = env.SMTP_URL || undefined;
  if (to.length === 0 && !smtpUrl) return undefined;
  if (to.length === 0 || !smtpUrl) throw catalogueError(leadApiErrors.notifyIncomplete);
  const from = env.LEAD_NOTIFY_FROM || to[0];
  for (const address of [...to, from]) {
    if (!ADDRESS.test(address)) throw catalogueError(leadApiErrors.notifyAddressInvalid, { address });
  }
  return { to, from, smtpUrl: urlOf(smtpUrl, ["smtp:", "smtps:"], leadApiErrors.smtpUrlInvalid) };
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw catalogueError(leadApiErrors.integerSetting, { name, min, raw });
  }
  return value;
}

function list(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

function flag(raw: string | undefined): boolean {
  return raw === "1" || raw === "true";
}

function tokenSecret(env: Env, production: boolean): Buffer {
  const raw = env.LEAD_TOKEN_SECRET;
  if (raw) {
    if (raw.length < 32) throw catalogueError(leadApiErrors.tokenSecretShort);
    return Buffer.from(raw, "utf8");
  }
  if (production) {
    throw catalogueError(leadApiErrors.tokenSecretMissing);
  }
  // Development: a fresh secret per process; tokens simply stop verifying after a restart.
  return randomBytes(32);
}

/** Where the leads live; all the leads CLI needs. */
export function loadStoreConfig(
  env: Env = process.env,
  root = process.cwd(),
): Pick<ApiConfig, "databaseUrl" | "sqlitePath"> {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: path.resolve(root, env.SQLITE_PATH ?? "data/leads.db"),
  };
}

/** The outbox channels configured in the environment: what a released lead is queued on (the leads CLI). */
export function loadOutboxChannels(env: Env = process.env): ("webhook" | "email")[] {
  return [...(env.CRM_WEBHOOK_URL ? (["webhook"] as const) : []), ...(notifyConfig(env) ? (["email"] as const) : [])];
}

/** The lead API's origin that the build recorded (API_ORIGIN_FILE): the pages' CSP must let them reach it. */
function builtApiOrigin(siteDir: string): string[] {
  const file = path.join(path.dirname(siteDir), API_ORIGIN_FILE);
  if (!fs.existsSync(file)) return [];
  const { origin } = JSON.parse(fs.readFileSync(file, "utf8")) as { origin: string | null };
  return origin ? [origin] : [];
}

/** LOG_FORMAT when set; otherwise readable lines only on a terminal outside production. */
function logFormat(env: Env, production: boolean, stdoutIsTTY: boolean): LogFormat {
  const raw = env.LOG_FORMAT;
  if (raw === "json" || raw === "pretty") return raw;
  if (raw) throw catalogueError(operationsErrors.logFormatInvalid, { raw });
  return stdoutIsTTY && !production ? "pretty" : "json";
}

export function loadConfig(
  env: Env = process.env,
  root = process.cwd(),
  stdoutIsTTY = Boolean(process.stdout.isTTY),
): ServerConfig {
  const production = env.NODE_ENV === "production";
  for (const origin of list(env.CORS_ORIGINS)) {
    if (origin === "*") throw catalogueError(leadApiErrors.corsWildcard);
  }
  const buildDir = path.resolve(root, env.BUILD_DIR ?? "build");
  const siteDir = env.SITE_DIR ? path.resolve(root, env.SITE_DIR) : path.join(buildDir, "client");
  return {
    port: integer(env, "PORT", 3000, 0),
    host: env.HOST || "0.0.0.0",
    production,
    siteDir,
    hsts: flag(env.HSTS),
    trustProxy: flag(env.TRUST_PROXY),
    connectSrc: [...new Set([...list(env.CSP_CONNECT_SRC), ...builtApiOrigin(siteDir)])],
    logFormat: logFormat(env, production, stdoutIsTTY),
    shutdownGraceMs: integer(env, "SHUTDOWN_GRACE_MS", 5000, 0),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 30_000),
    maxEventLoopDelayMs: integer(env, "HEALTH_MAX_EVENT_LOOP_DELAY_MS", 1000),
    metrics: env.METRICS_PORT
      ? { port: integer(env, "METRICS_PORT", 9464, 0), host: env.METRICS_HOST || "127.0.0.1" }
      : undefined,
    api: {
      tokenSecret: tokenSecret(env, production),
      tokenTtlSeconds: integer(env, "LEAD_TOKEN_TTL_SECONDS", 300),
      corsOrigins: list(env.CORS_ORIGINS),
      rateLimitMax: integer(env, "RATE_LIMIT_MAX", 50),
      rateLimitWindowMs: integer(env, "RATE_LIMIT_WINDOW_MS", 10_000),
      bodyLimitBytes: 16 * 1024,
      idempotencyTtlHours: integer(env, "IDEMPOTENCY_TTL_HOURS", 24),
      ...loadStoreConfig(env, root),
      crmWebhookUrl: env.CRM_WEBHOOK_URL || undefined,
      redisUrl: env.REDIS_URL ? urlOf(env.REDIS_URL, ["redis:", "rediss:"], leadApiErrors.redisUrlInvalid) : undefined,
      notify: notifyConfig(env),
      outboxLeaseMs: integer(env, "OUTBOX_LEASE_MS", 60_000),
    },
  };
}
