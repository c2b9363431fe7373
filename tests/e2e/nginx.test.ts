// @vitest-environment node
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueError, messageOf, operationsErrors } from "../../contract/errors.ts";
import { nginxPages } from "../../scripts/nginx-pages.ts";
import { assertBuilt, buildDir, freePort, type RunningSite, startSite } from "../../scripts/measure/serve.ts";
import { loadSite } from "../../platform/site-files.ts";
import { inspectImage } from "../../imaging/inspect.ts";
import { IMAGE_FILES_PATH, renditionOf } from "../../imaging/renditions.ts";
import { cameraPhoto, logoPng } from "../support/images.ts";
import { loadContent } from "../../contract/content.server.ts";
import { REDIRECTS_MANIFEST_FILE } from "../../contract/redirects.ts";
import { redirectPage } from "../../scripts/pipeline/redirect-pages.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** What a browser or a cache acts on; Date, ETag, Last-Modified and Content-Length are compared below by meaning. */
const COMPARED = [
  "content-type",
  "cache-control",
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "location",
  "content-encoding",
  "vary",
];

/**
 * Differences allowed, and why: none is visible to a visitor.
 * - A redirect's own body and type: nginx sends a small HTML page with its 301, the server an empty body; browsers
 *   follow the Location, which is the same.
 * - Vary's value is written in another case.
 * - Not compared: brotli. Requests here accept gzip only; one accepting br gets brotli from the server and gzip from
 *   Debian's nginx, which has no brotli module (docs/deploy.md). ETag values (a content hash; nginx's mtime and size)
 *   differ, and both answer If-None-Match with 304 (the second test).
 */
const JUSTIFIED: Record<string, (route: string, status: number, server: string, nginx: string) => boolean> = {
  "content-type": (_route, status) => status === 301,
  // Header names are case-insensitive: "Vary: Accept-Encoding" and "vary: accept-encoding" say the same.
  vary: (_route, _status, server, nginx) => server.toLowerCase() === nginx.toLowerCase(),
};

/** The media type of each kind of file the build makes of a picture. */
const PICTURE_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

let nginx: ChildProcess | undefined;
let nginxUrl = "";
let server: RunningSite | undefined;
let routes: string[] = [];

/** nginx on a free port in a temp prefix (pid, logs, temp files), serving the build with deploy/nginx.conf. */
async function startNginx(build: string): Promise<string> {
  if (spawnSync("nginx", ["-v"]).error) throw catalogueError(operationsErrors.nginxMissing);
  const prefix = mkdtempSync(path.join(tmpdir(), "voxa-nginx-"));
  mkdirSync(path.join(prefix, "logs"));
  const pages = nginxPages({ ...process.env, BUILD_DIR: build, SITE_DIR: "" });
  writeFileSync(path.join(prefix, "nginx-pages.conf"), pages.text);
  const port = await freePort();
  const site = readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8")
    .replace("include /srv/voxa/build/nginx-pages.conf;", `include ${prefix}/nginx-pages.conf;`)
    .replace("root /srv/voxa/build/client;", `root ${path.join(build, "client")};`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`);
  writeFileSync(path.join(prefix, "site.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${prefix}/${kind};`)
    .join(" ");
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events {}
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${temp}
  include ${prefix}/site.conf;
}
`,
  );
  const check = spawnSync("nginx", ["-t", "-p", prefix, "-c", `${prefix}/nginx.conf`], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  nginx = spawn("nginx", ["-p", prefix, "-c", `${prefix}/nginx.conf`, "-g", "daemon off;"], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(url);
      return url;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer on ${url}; see ${prefix}/logs/error.log`);
}

/**
 * A copy of the build with pictures' files under /_img/, as a build of pages with pictures has them: made by the
 * build's own pipeline (imaging/renditions.ts) from a photo and a logo made here, every format it writes.
 */
async function withPictures(build: string): Promise<{ copy: string; pictures: string[] }> {
  const copy = mkdtempSync(path.join(tmpdir(), "voxa-nginx-build-"));
  cpSync(build, copy, { recursive: true });
  const cache = mkdtempSync(path.join(tmpdir(), "voxa-nginx-pictures-"));
  const made: string[] = [];
  const pictures: [string, Buffer][] = [
    ["/media/team.jpg", await cameraPhoto({ width: 640, height: 480 })],
    ["/media/logo.png", await logoPng(240, 80)],
  ];
  for (const [src, bytes] of pictures) {
    const inspection = await inspectImage(bytes, src);
    if (!inspection.ok) throw inspection.error;
    const { files } = await renditionOf({ src, bytes, facts: inspection.facts }, { rules: [{ px: 120 }] }, cache);
    made.push(...files);
  }
  const target = path.join(copy, "client", IMAGE_FILES_PATH);
  mkdirSync(target, { recursive: true });
  for (const name of made) cpSync(path.join(cache, "files", name), path.join(target, name));
  return { copy, pictures: readdirSync(target).map((name) => `${IMAGE_FILES_PATH}${name}`) };
}

/** Redirects of the content, as the build writes them into a copy of it: their pages, and their list beside client/. */
const REDIRECTS = [
  { from: "/de/winter-angebot", to: "/de/kontakt" },
  { from: "/partner-offer", to: "https://partner.example.com/offer" },
  { from: "/winter-offer", to: "/contact" },
];

function withRedirects(build: string) {
  const content = loadContent();
  for (const redirect of REDIRECTS) {
    const file = path.join(build, "client", ...redirect.from.split("/"), "index.html");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, redirectPage(content, redirect));
  }
  writeFileSync(path.join(build, REDIRECTS_MANIFEST_FILE), JSON.stringify({ redirects: REDIRECTS }));
}

beforeAll(async () => {
  assertBuilt(buildDir());
  const { copy: build, pictures } = await withPictures(buildDir());
  withRedirects(build);
  const site = loadSite({ siteDir: path.join(build, "client"), connectSrc: [], upgradeInsecureRequests: false });
  const asset = readdirSync(path.join(build, "client", "assets")).find((file) => file.endsWith(".js"));
  routes = [
    ...site.pages.keys(),
    "/missing-page",
    "/404",
    "/404/",
    // Each locale's not-found page, at its own address and for an unknown one under its prefix.
    ...[...site.localeNotFound.keys()].flatMap((prefix) => [`${prefix}/404`, `${prefix}/missing-page`]),
    `/assets/${asset}`,
    "/assets/missing-abc123.js",
    // Every format of a picture the build makes, and a file it did not.
    ...pictures,
    `${IMAGE_FILES_PATH}team-120.0123456789ab.avif`,
    "/sitemap.xml",
    "/robots.txt",
    "/favicon.svg",
    "/assets",
    "/assets/",
    "/industries/?ref=mail",
    "/industries/pet-insurance/",
    "/about/index.html",
    "/index.html",
    "//evil.example/",
    "/about?utm_source=mail",
    // Each redirect's old address (its page is in the list above), with a query, a trailing slash, and its file.
    "/winter-offer?utm_source=mail",
    "/winter-offer/",
    "/winter-offer/index.html",
  ];
  [nginxUrl, server] = await Promise.all([startNginx(build), startSite(build)]);
}, 300_000);

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  await server?.close();
});

async function answer(base: string, route: string) {
  const response = await fetch(`${base}${route}`, { redirect: "manual", headers: { "accept-encoding": "gzip" } });
  const body = await response.text();
  const headers = Object.fromEntries(COMPARED.map((name) => [name, response.headers.get(name)]));
  return { status: response.status, headers, body, etag: response.headers.get("etag") };
}

describe("deploy/nginx.conf serves the build as npm start does", () => {
  it("answers every route with the same status, headers and body", async () => {
    const differences: string[] = [];
    for (const route of routes) {
      const [fromServer, fromNginx] = await Promise.all([answer(server!.url, route), answer(nginxUrl, route)]);
      if (fromServer.status !== fromNginx.status) {
        differences.push(`${route}: status ${fromServer.status} (npm start) vs ${fromNginx.status} (nginx)`);
        continue;
      }
      for (const name of COMPARED) {
        if (fromServer.headers[name] === fromNginx.headers[name]) continue;
        const [server, nginx] = [String(fromServer.headers[name]), String(fromNginx.headers[name])];
        if (JUSTIFIED[name]?.(route, fromServer.status, server, nginx)) continue;
        differences.push(
          `${route}: ${name} ${JSON.stringify(fromServer.headers[name])} (npm start) vs ${JSON.stringify(fromNginx.headers[name])} (nginx)`,
        );
      }
      if (fromServer.status !== 301 && fromServer.body !== fromNginx.body) differences.push(`${route}: bodies differ`);
      // Both validate: each sends an ETag on a 200 (their values differ: a content hash, nginx's mtime and size).
      if (fromServer.status === 200 && (!fromServer.etag || !fromNginx.etag)) differences.push(`${route}: no ETag`);
    }
    expect(differences, messageOf(operationsErrors.deployParity, { differences })).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  it("serves the pictures' files for a year, each with its format's type", async () => {
    const pictures = routes.filter((route) => route.startsWith(IMAGE_FILES_PATH) && !route.includes("0123456789ab"));
    const types = new Set<string>();
    for (const route of pictures) {
      const { status, headers } = await answer(nginxUrl, route);
      expect(status, route).toBe(200);
      expect(headers["cache-control"], route).toBe("public, max-age=31536000, immutable");
      expect(headers["content-type"], route).toBe(PICTURE_TYPES[path.extname(route)]);
      types.add(String(headers["content-type"]));
    }
    expect([...types].sort()).toEqual(["image/avif", "image/jpeg", "image/png", "image/webp"]);
  });

  it("answers each redirect's old address with 301 and its new address, the query kept", async () => {
    for (const { from, to } of REDIRECTS) {
      const { status, headers } = await answer(nginxUrl, `${from}?ref=mail`);
      expect([status, headers.location], from).toEqual([301, `${to}?ref=mail`]);
    }
  });

  it("answers a matching If-None-Match with 304, as the server does", async () => {
    const first = await fetch(`${nginxUrl}/about`);
    const again = await fetch(`${nginxUrl}/about`, { headers: { "if-none-match": String(first.headers.get("etag")) } });
    expect(again.status).toBe(304);
  });
});
