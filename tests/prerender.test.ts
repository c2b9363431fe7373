import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { listPageFiles } from "../contract/content.server.ts";
import type { PageDocument } from "../contract/generated/authored-types.ts";

const root = path.resolve(import.meta.dirname, "..");
// Inside the project, so that the prerender bundle resolves its dependencies from node_modules.
const buildDir = path.join(root, ".cache", "prerender-test");
const client = path.join(buildDir, "client");
const pages = listPageFiles().map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as PageDocument);
const htmlOf = (route: string) =>
  fs.readFileSync(path.join(client, route === "/" ? "index.html" : `${route}/index.html`), "utf8");

describe("the production build", () => {
  beforeAll(() => {
    fs.rmSync(buildDir, { recursive: true, force: true });
    execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: "pipe",
    });
  }, 240_000);

  it.each(pages.map((page) => [page.path, page] as const))(
    "prerenders %s with its h1, title, description and canonical URL",
    (route, page) => {
      const html = htmlOf(route);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toContain(`<title>${page.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")} | Voxa</title>`);
      expect(html).toContain(`<link rel="canonical" href="https://www.voxa.example${route}"/>`);
      expect(html).toContain('<style data-prerendered-styles="css ');
    },
  );

  it("prerenders a not-found page", () => {
    expect(htmlOf("/404")).toContain("We couldn&#x27;t find that page");
  });

  it("lists every page in sitemap.xml and points robots.txt at it", () => {
    const sitemap = fs.readFileSync(path.join(client, "sitemap.xml"), "utf8");
    for (const page of pages) expect(sitemap).toContain(`<loc>https://www.voxa.example${page.path}</loc>`);
    expect(fs.readFileSync(path.join(client, "robots.txt"), "utf8")).toContain(
      "Sitemap: https://www.voxa.example/sitemap.xml",
    );
  });

  it("names on every page the islands runtime that its entry loads after the page, as files of the build", () => {
    for (const page of pages) {
      const runtime =
        htmlOf(page.path)
          .match(/data-island-runtime="([^"]+)"/)?.[1]
          .split(" ") ?? [];
      expect(
        runtime.some((chunk) => /\/assets\/hydrate-[\w-]+\.js$/.test(chunk)),
        page.path,
      ).toBe(true);
      for (const chunk of runtime) expect(fs.existsSync(path.join(client, chunk)), chunk).toBe(true);
    }
  });

  it("keeps ajv and the page documents' validator out of the client bundle", () => {
    const assets = fs.readdirSync(path.join(client, "assets")).filter((f) => f.endsWith(".js"));
    for (const file of assets) {
      const code = fs.readFileSync(path.join(client, "assets", file), "utf8");
      expect(code, file).not.toMatch(/ajv\.js\.org|strictSchema|must have required property/);
    }
  });
});
