// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ORIGIN_FILE } from "../contract/lead-api.ts";
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

  it("refuses production without a token secret, and short secrets anywhere", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      "LEAD_TOKEN_SECRET is required when NODE_ENV=production (at least 32 characters)",
    );
    expect(() => loadConfig({ LEAD_TOKEN_SECRET: "short" })).toThrow(
      "LEAD_TOKEN_SECRET must be at least 32 characters",
    );
    expect(loadConfig({}).api.tokenSecret).toHaveLength(32);
  });

  it("reads PORT, HOST, TTL and rate limits, rejecting nonsense", () => {
    const config = loadConfig({ PORT: "8080", HOST: "127.0.0.1", LEAD_TOKEN_TTL_SECONDS: "600", RATE_LIMIT_MAX: "5" });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      api: { tokenTtlSeconds: 600, rateLimitMax: 5, rateLimitWindowMs: 10_000 },
    });
    expect(loadConfig({}).port).toBe(3000);
    expect(() => loadConfig({ PORT: "http" })).toThrow('PORT must be an integer >= 0, got "http"');
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
