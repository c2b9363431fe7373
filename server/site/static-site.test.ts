// @vitest-environment node
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadApiErrors } from "../../contract/errors.ts";
import { buildServer } from "../app.ts";
import { PAGE_SCRIPT, testConfig } from "../../tests/support/server.ts";
import { LEAD_API_PREFIX, LEADS_ROUTE, TOKEN_ROUTE } from "../../contract/lead-api.ts";
import { IMAGE_FILES_PATH } from "../../imaging/renditions.ts";
import { RESOURCE_POLICY } from "../../platform/site-policy.ts";

let app: FastifyInstance;
/** The site the first suites' server serves, which a test adds files to. */
let servedDir: string;

beforeAll(async () => {
  const config = testConfig();
  servedDir = config.siteDir;
  app = await buildServer({ config });
});
afterAll(() => app.close());

describe("static site", () => {
  it("serves / and /about from their index.html, revalidated on every visit", async () => {
    const home = await app.inject("/");
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(home.body).toContain("<h1>Home</h1>");
    const about = await app.inject("/about");
    expect(about.body).toContain("<h1>About</h1>");
  });

  it("answers an unknown address under a locale's prefix, and that page's own address, with the locale's 404 page", async () => {
    for (const url of ["/de/missing", "/de/404", "/de/a/b?x=1"]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("<h1>Seite nicht gefunden</h1>");
    }
    expect((await app.inject("/de")).body).toContain("<h1>Startseite</h1>");
  });

  it("redirects a trailing slash permanently, keeping the query", async () => {
    const response = await app.inject("/about/?ref=mail");
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/about?ref=mail");
  });

  it("answers a redirect's old address with 301 and its new address, for GET and HEAD, keeping the query", async () => {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await app.inject({ method, url: "/winter-offer?utm_source=mail" });
      expect(response.statusCode, method).toBe(301);
      expect(response.headers.location, method).toBe("/about?utm_source=mail");
    }
    const german = await app.inject("/de/winter-angebot");
    expect([german.statusCode, german.headers.location]).toEqual([301, "/de"]);
    // The page the build writes there, for hosts that serve only files, is never served by the server.
    const slash = await app.inject("/winter-offer/");
    expect([slash.statusCode, slash.headers.location]).toEqual([301, "/winter-offer"]);
  });

  it("answers unknown paths and /404 with the 404 page and status 404", async () => {
    for (const url of ["/missing", "/404", "/about/index.html", "/missing.data", "//evil.example/"]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("Page not found");
    }
    expect((await app.inject("/deutsch")).body, "an address that only begins like a locale's").toContain(
      "Page not found",
    );
    const posted = await app.inject({ method: "POST", url: "/contact" });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toEqual({
      success: false,
      code: leadApiErrors.apiNotFound.code,
      message: leadApiErrors.apiNotFound.message,
    });
  });

  it("caches hashed assets for a year and other public files briefly", async () => {
    const asset = await app.inject("/assets/entry-abc123.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await app.inject("/favicon.svg");
    expect(favicon.headers["cache-control"]).toBe("public, max-age=3600, must-revalidate");
  });

  it("caches the pictures' files for a year, each with its format's type, uncompressed", async () => {
    // The build names them by their content (imaging/renditions.ts), under the folder the server holds immutable.
    expect(IMAGE_FILES_PATH).toBe("/_img/");
    const types = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };
    for (const [extension, type] of Object.entries(types)) {
      const name = `${IMAGE_FILES_PATH}harbour-720.0123456789ab.${extension}`;
      fs.mkdirSync(path.join(servedDir, IMAGE_FILES_PATH), { recursive: true });
      fs.writeFileSync(path.join(servedDir, name), Buffer.alloc(2048, 1));
      const response = await app.inject({ url: name, headers: { "accept-encoding": "gzip, br" } });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers["content-type"], name).toBe(type);
      expect(response.headers["cache-control"], name).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-encoding"], name).toBeUndefined();
      expect(response.headers["content-security-policy"], name).toBe(RESOURCE_POLICY);
    }
    const missing = await app.inject(`${IMAGE_FILES_PATH}harbour-720.ffffffffffff.avif`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await app.inject("/about");
    const second = await app.inject({ url: "/about", headers: { "if-none-match": String(first.headers.etag) } });
    expect(second.statusCode).toBe(304);
  });

  it("compresses text with brotli or gzip", async () => {
    const br = await app.inject({ url: "/assets/entry-abc123.js", headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    const gzip = await app.inject({ url: "/assets/entry-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("sends a per-page CSP allowing exactly the page's inline scripts by hash", async () => {
    const csp = String((await app.inject("/")).headers["content-security-policy"]);
    const hash = createHash("sha256").update(PAGE_SCRIPT).digest("base64");
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}' https://www.youtube.com;`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(
      "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
    );
    expect(csp).toContain("media-src 'self' blob:");
  });

  it("sends the security headers on every response, HSTS only when configured", async () => {
    const response = await app.inject("/missing");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["permissions-policy"]).toContain("camera=()");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    const secure = await buildServer({ config: testConfig({ HSTS: "true" }) });
    const page = await secure.inject("/");
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(page.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    await secure.close();

    // Everything that is not a page: the API's answers (errors too) and the assets.
    for (const other of [
      await app.inject({ method: "POST", url: TOKEN_ROUTE }),
      await app.inject({ method: "POST", url: LEADS_ROUTE }),
      await app.inject({ method: "GET", url: `${LEAD_API_PREFIX}/nothing` }),
      await app.inject("/assets/entry-abc123.js"),
    ]) {
      expect(other.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(other.headers["x-frame-options"]).toBe("DENY");
      expect(other.headers["cross-origin-opener-policy"]).toBe("same-origin");
    }
  });
});

describe("a build made while the server runs", () => {
  let live: FastifyInstance;
  let siteDir: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(siteDir, file)), { recursive: true });
    fs.writeFileSync(path.join(siteDir, file), text);
  };
  beforeAll(async () => {
    const config = testConfig();
    siteDir = config.siteDir;
    live = await buildServer({ config });
  });
  afterAll(() => live.close());

  it("is served without a restart: a new page and asset, a changed page, and 404 for a page removed", async () => {
    expect((await live.inject("/pricing")).statusCode).toBe(404);
    write("pricing/index.html", "<!doctype html><title>Pricing</title><h1>Pricing</h1>");
    write("assets/pricing-def456.js", "console.log(1);");
    const pricing = await live.inject("/pricing");
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain("<h1>Pricing</h1>");
    expect(pricing.headers["content-security-policy"]).toContain("default-src");
    expect((await live.inject("/assets/pricing-def456.js")).statusCode).toBe(200);

    const before = await live.inject("/about");
    write("about/index.html", "<!doctype html><title>About us</title><h1>About us, rewritten</h1>");
    const after = await live.inject("/about");
    expect(after.body).toContain("<h1>About us, rewritten</h1>");
    expect(after.headers.etag).not.toBe(before.headers.etag);

    fs.rmSync(path.join(siteDir, "pricing"), { recursive: true });
    const removed = await live.inject("/pricing");
    expect(removed.statusCode).toBe(404);
    expect(removed.body).toContain("<h1>Page not found</h1>");
  });

  it("serves nothing outside the build's folder, and no not-found page as a page", async () => {
    for (const url of ["/../package.json", "/%2e%2e/%2e%2e/etc/passwd", "/de/404", "/404", "/%00"])
      expect((await live.inject(url)).statusCode, url).toBe(404);
  });
});
