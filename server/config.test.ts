// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { leadApiErrors, messageOf, operationsErrors } from "../contract/errors.ts";
import { API_ORIGIN_FILE } from "../contract/lead-api.ts";
import { catalogueErrorOf } from "../tests/support/catalogue-error.ts";
import { loadConfig } from "./config.ts";
import { openSqlite } from "./db/sqlite.ts";

describe("server configuration", () => {
  it("allows in connect-src the lead API origin that the build recorded, with no CSP_CONNECT_SRC", () => {
    const build = mkdtempSync(path.join(tmpdir(), "voxa-build-"));
    mkdirSync(path.join(build, "client"));
    expect(loadConfig({ BUILD_DIR: build }).connectSrc).toEqual([]);
    writeFileSync(path.join(build, API_ORIGIN_FILE), JSON.stringify({ origin: "https://api.example.com" }));
    expect(loadConfig({ BUILD_DIR: build }).connectSrc).toEqual(["https://api.example.com"]);
    expect(
      loadConfig({ BUILD_DIR: build, CSP_CONNECT_SRC: "https://crm.example.com,https://api.example.com" }).connectSrc,
    ).toEqual(["https://crm.example.com", "https://api.example.com"]);
    writeFileSync(path.join(build, API_ORIGIN_FILE), JSON.stringify({ origin: null }));
    expect(loadConfig({ BUILD_DIR: build }).connectSrc).toEqual([]);
  });

  it("makes a fresh token secret per process outside production", () => {
    expect(loadConfig({}).api.tokenSecret).toHaveLength(32);
  });

  it.each([
    [{ NODE_ENV: "production" }, leadApiErrors.tokenSecretMissing.message],
    [{ LEAD_TOKEN_SECRET: "short" }, leadApiErrors.tokenSecretShort.message],
    [{ PORT: "http" }, 'PORT must be an integer >= 0, got "http"'],
    [{ RATE_LIMIT_MAX: "0" }, 'RATE_LIMIT_MAX must be an integer >= 1, got "0"'],
    [{ CORS_ORIGINS: "https://a.example,*" }, "CORS_ORIGINS must list explicit origins, never *"],
    [{ LEAD_NOTIFY_TO: "sales@voxa.example" }, "LEAD_NOTIFY_TO and SMTP_URL must be set together"],
    [{ SMTP_URL: "smtp://mail.voxa.example" }, "LEAD_NOTIFY_TO and SMTP_URL must be set together"],
    [
      { LEAD_NOTIFY_TO: "Sales <sales@voxa.example>", SMTP_URL: "smtp://mail.voxa.example" },
      messageOf(leadApiErrors.notifyAddressInvalid, { address: "Sales <sales@voxa.example>" }),
    ],
    [
      { LEAD_NOTIFY_TO: "sales@voxa.example", LEAD_NOTIFY_FROM: "a@b.c\r\nBcc: x@y.z", SMTP_URL: "smtp://m.example" },
      messageOf(leadApiErrors.notifyAddressInvalid, { address: "a@b.c\r\nBcc: x@y.z" }),
    ],
    [
      { LEAD_NOTIFY_TO: "sales@voxa.example", SMTP_URL: "http://mail.voxa.example" },
      "SMTP_URL must be an smtp:// or smtps:// URL",
    ],
    [{ REDIS_URL: "not a url" }, "REDIS_URL must be a redis:// or rediss:// URL"],
  ])("refuses %j with the catalogue's message", (env, message) => {
    const error = catalogueErrorOf(() => loadConfig(env));
    expect(error.message).toBe(message);
    expect(Object.values(leadApiErrors).find((entry) => entry.code === error.code)?.hint).toBe(error.hint);
  });

  it("reads PORT, HOST, TTL and rate limits, rejecting nonsense", () => {
    const config = loadConfig({ PORT: "8080", HOST: "127.0.0.1", LEAD_TOKEN_TTL_SECONDS: "600", RATE_LIMIT_MAX: "5" });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      api: { tokenTtlSeconds: 600, rateLimitMax: 5, rateLimitWindowMs: 10_000 },
    });
    expect(loadConfig({}).port).toBe(3000);
  });

  it("reads the operations settings: shutdown delays, probe limit, metrics bound to localhost, outbox lease", () => {
    expect(loadConfig({}, process.cwd(), false)).toMatchObject({
      shutdownGraceMs: 5000,
      shutdownTimeoutMs: 30_000,
      maxEventLoopDelayMs: 1000,
      metrics: undefined,
      logFormat: "json",
      api: { outboxLeaseMs: 60_000 },
    });
    const config = loadConfig({
      SHUTDOWN_GRACE_MS: "0",
      SHUTDOWN_TIMEOUT_MS: "9000",
      METRICS_PORT: "9464",
      OUTBOX_LEASE_MS: "2000",
    });
    expect(config).toMatchObject({
      shutdownGraceMs: 0,
      shutdownTimeoutMs: 9000,
      metrics: { port: 9464, host: "127.0.0.1" },
      api: { outboxLeaseMs: 2000 },
    });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics?.host).toBe("10.0.0.5");
    expect(catalogueErrorOf(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "0" })).message).toBe(
      'SHUTDOWN_TIMEOUT_MS must be an integer >= 1, got "0"',
    );
  });

  it("logs readable lines on a terminal outside production, JSON lines otherwise, or as LOG_FORMAT says", () => {
    const root = process.cwd();
    expect(loadConfig({}, root, true).logFormat).toBe("pretty");
    expect(loadConfig({}, root, false).logFormat).toBe("json");
    expect(loadConfig({ NODE_ENV: "production", LEAD_TOKEN_SECRET: "x".repeat(32) }, root, true).logFormat).toBe(
      "json",
    );
    expect(loadConfig({ LOG_FORMAT: "pretty" }, root, false).logFormat).toBe("pretty");
    expect(loadConfig({ LOG_FORMAT: "json" }, root, true).logFormat).toBe("json");
    const error = catalogueErrorOf(() => loadConfig({ LOG_FORMAT: "yaml" }));
    expect(error.code).toBe(operationsErrors.logFormatInvalid.code);
    expect(error.message).toBe("LOG_FORMAT is 'yaml': it must be 'json' or 'pretty'");
  });

  it("opens SQLite in WAL mode with synchronous=FULL", () => {
    const db = openSqlite(path.join(mkdtempSync(path.join(tmpdir(), "voxa-db-")), "leads.db"));
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM schema_migrations").pluck().all()).toEqual([
      "001_init.sql",
      "002_quarantine_and_channels.sql",
    ]);
    db.close();
  });
});
