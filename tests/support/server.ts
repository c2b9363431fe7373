import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig, type ServerConfig } from "../../server/config.ts";

export const PAGE_SCRIPT = "window.__boot = 1;";

/** A tiny prerendered site with the shape of build/client, so server tests need no build. */
export function fixtureSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "voxa-site-"));
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script>${PAGE_SCRIPT}</script><script type="module" src="/assets/entry-abc123.js"></script></head><body><h1>${title}</h1></body></html>`;
  const files: Record<string, string> = {
    "index.html": page("Home"),
    "about/index.html": page("About"),
    "404/index.html": page("Page not found"),
    // A second locale, under /de, with its own not-found page.
    "de/index.html": page("Startseite"),
    "de/404/index.html": page("Seite nicht gefunden"),
    "assets/entry-abc123.js": `console.log(${JSON.stringify("x".repeat(2000))});`,
    "favicon.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

/** Configuration for tests: fixture site, in-memory-sized limits, a fixed token secret. */
export function testConfig(env: Record<string, string> = {}): ServerConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), "voxa-data-"));
  return loadConfig({
    SITE_DIR: fixtureSite(),
    SQLITE_PATH: path.join(dataDir, "leads.db"),
    LEAD_TOKEN_SECRET: "test-secret-test-secret-test-secret-0123",
    ...env,
  });
}
