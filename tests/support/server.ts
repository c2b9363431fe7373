import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { REDIRECTS_MANIFEST_FILE } from "../../contract/redirects.ts";
import { loadConfig, type ServerConfig } from "../../server/config.ts";

export const PAGE_SCRIPT = "window.__boot = 1;";

/** The redirects of the fixture site, as the build lists them beside client/. */
export const FIXTURE_REDIRECTS = [
  { from: "/de/winter-angebot", to: "/de" },
  { from: "/winter-offer", to: "/about" },
];

/**
 * A tiny prerendered site with the shape of build/client, so server tests need no build; beside it, the build's list
 * of redirects, whose old addresses hold the page the build writes there.
 */
export function fixtureSite(): string {
  const build = mkdtempSync(path.join(tmpdir(), "voxa-site-"));
  const dir = path.join(build, "client");
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
    ...Object.fromEntries(FIXTURE_REDIRECTS.map(({ from }) => [`${from.slice(1)}/index.html`, page("Page moved")])),
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  writeFileSync(path.join(build, REDIRECTS_MANIFEST_FILE), JSON.stringify({ redirects: FIXTURE_REDIRECTS }));
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
