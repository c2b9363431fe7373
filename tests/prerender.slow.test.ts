import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_MANIFEST_FILE } from "../contract/client-manifest.server.ts";
import { contentRoutes, listPageFiles, loadContent } from "../contract/content.server.ts";
import type { PageDocument } from "../contract/generated/authored-types.ts";
import { imageInfo } from "../contract/image-size.ts";
import { ISLAND_CONTEXT_ID } from "../kit/islands/names.ts";
import { localeNotFoundPaths } from "../contract/locales.ts";
import { buildIsFresh } from "../scripts/pipeline/build-fresh.ts";
import { stateFile } from "../scripts/pipeline/build-state.ts";
import { builtPages } from "../imaging/image-files.ts";
import { buildDir } from "../scripts/measure/serve.ts";

const root = path.resolve(import.meta.dirname, "..");
/**
 * The project's production build, as `npm run build` makes it (CI's gate makes it before this tier): built first when
 * it is missing or older than its sources. How a hostile title is escaped in the JSON-LD is json-ld-escaping.test.tsx's.
 */
const build = buildDir();
const client = path.join(build, "client");
const pages = listPageFiles().map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as PageDocument);
/** Every address the build writes: each locale's pages, those it shows from its fallback locale too. */
const routes = contentRoutes(loadContent());
const htmlOf = (route: string) =>
  fs.readFileSync(path.join(client, route === "/" ? "index.html" : `${route}/index.html`), "utf8");

/** The JSON-LD of a built page, read as a browser parses the HTML. */
function jsonLdOf(route: string) {
  const document = new DOMParser().parseFromString(htmlOf(route), "text/html");
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  expect(scripts, route).toHaveLength(1);
  return JSON.parse(scripts[0].textContent ?? "") as { "@context": string; "@graph": Record<string, unknown>[] };
}

const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];

describe("the production build", () => {
  beforeAll(() => {
    // Production whatever the test runner set NODE_ENV to (it sets "test"), as `npm run build` from a shell is.
    if (!buildIsFresh(root, build))
      execFileSync("npm", ["run", "build", "--silent"], {
        cwd: root,
        env: { ...process.env, NODE_ENV: "production" },
        stdio: "pipe",
      });
  }, 480_000);

  it.each(pages.map((page) => [page.path, page] as const))(
    "gives %s valid JSON-LD: WebPage everywhere, Organization and WebSite at home, breadcrumbs below it",
    (route, page) => {
      const graph = jsonLdOf(route);
      expect(graph["@context"]).toBe("https://schema.org");
      const byType = (type: string) => graph["@graph"].find((node) => node["@type"] === type);
      const url = `https://www.voxa.example${route}`;
      expect(byType("WebPage")).toMatchObject({ url, name: page.title, description: page.description });
      if (route === "/") {
        expect(byType("Organization")).toMatchObject({
          name: "Voxa",
          url: "https://www.voxa.example/",
          logo: { url: "https://www.voxa.example/logo.png" },
          contactPoint: { "@type": "ContactPoint", telephone: "0161 496 0123", email: "enquiries@voxa.example" },
        });
        expect(byType("WebSite")).toMatchObject({ url: "https://www.voxa.example/", name: "Voxa" });
        expect(byType("BreadcrumbList")).toBeUndefined();
      } else {
        const items = byType("BreadcrumbList")?.itemListElement as { position: number; item: string }[];
        expect(items[0]).toMatchObject({ position: 1, name: "Home", item: "https://www.voxa.example/" });
        expect(items.at(-1)).toMatchObject({ position: items.length, item: url });
        expect(byType("Organization")).toBeUndefined();
      }
    },
  );

  it("writes a 1200×630 PNG preview card of its own, under 300 kB, for every page, and names it in og:image", () => {
    const cards = new Set<string>();
    for (const page of pages) {
      const html = htmlOf(page.path);
      const url = metaContent(html, "og:image") ?? "";
      expect(url, page.path).toMatch(/^https:\/\/www\.voxa\.example\/og\/.+\.png$/);
      expect(metaContent(html, "twitter:image")).toBe(url);
      expect(metaContent(html, "og:image:type")).toBe("image/png");
      expect(metaContent(html, "og:image:width")).toBe("1200");
      expect(metaContent(html, "og:image:height")).toBe("630");
      expect(metaContent(html, "og:image:alt")).toMatch(/^Voxa/);
      const png = fs.readFileSync(path.join(client, new URL(url).pathname));
      expect(imageInfo(png)).toEqual({ type: "image/png", width: 1200, height: 630 });
      expect(png.length, page.path).toBeLessThan(300_000);
      cards.add(createHash("sha256").update(png).digest("hex"));
    }
    expect(cards.size).toBe(pages.length);
    expect(imageInfo(fs.readFileSync(path.join(client, "logo.png")))).toEqual({
      type: "image/png",
      width: 512,
      height: 512,
    });
  });

  it("preloads the one font file the first view needs, and declares it with a metric-matched fallback", () => {
    const html = htmlOf("/");
    const preload = html.match(
      /<link rel="preload" href="([^"]+\.woff2)" as="font" type="font\/woff2" crossorigin="anonymous"\/>/,
    );
    expect(preload).not.toBeNull();
    expect(fs.existsSync(path.join(client, preload![1]))).toBe(true);
    expect(html).toContain(`src:url(${preload![1]}) format("woff2")`);
    expect(html).toContain("font-display:swap");
    const arial = (weight: number) => (weight >= 600 ? "Arial Bold" : "Arial");
    for (const weight of [400, 500, 600, 700, 800, 900])
      expect(html).toMatch(
        new RegExp(
          `font-family:"Inter Fallback";font-weight:${weight};src:local\\("${arial(weight)}"\\)[^}]*size-adjust:[\\d.]+%;ascent-override:`,
        ),
      );
  });

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

  it("prerenders a not-found page, and one in each other locale's words, under its prefix", () => {
    for (const locale of loadContent().siteLocales.filter((each) => each.prefix)) {
      const [notFound] = localeNotFoundPaths([locale]);
      const document = new DOMParser().parseFromString(htmlOf(notFound!), "text/html");
      expect(document.documentElement.lang, notFound).toBe(locale.code);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content"), notFound).toBe("noindex");
      expect(document.querySelector("main h1")?.textContent, notFound).toBeTruthy();
    }
    expect(htmlOf("/404")).toContain("We couldn&#x27;t find that page");
  });

  it("writes the pages and the site's files only: no data for client-side navigation, no server build", () => {
    const written = fs
      .readdirSync(client, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(client, path.join(entry.parentPath, entry.name)));
    expect(written.filter((file) => file.endsWith(".data") || file.endsWith("__spa-fallback.html"))).toEqual([]);
    expect(written.filter((file) => file.endsWith("index.html")).sort()).toEqual(
      [...routes.map((route) => route.path), "/404", ...localeNotFoundPaths(loadContent().siteLocales)]
        .map((route) => (route === "/" ? "index.html" : `${route.slice(1)}/index.html`))
        .sort(),
    );
    expect(fs.existsSync(path.join(build, "server"))).toBe(false);
  });

  it("lists every page in sitemap.xml with the date its file last changed, and points robots.txt at it", () => {
    const sitemap = fs.readFileSync(path.join(client, "sitemap.xml"), "utf8");
    // Every page a locale publishes; a page shown from its fallback locale is the source's to list.
    for (const route of routes.filter((each) => each.kind !== "fallback"))
      expect(sitemap).toMatch(
        new RegExp(
          `<url><loc>https://www\\.voxa\\.example${route.path}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+(Z|[+-]\\d\\d:\\d\\d)</lastmod>`,
        ),
      );
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

  it("gives a page's islands the lead form's words its locale writes, and none where it writes none", () => {
    const written = new Map(loadContent().locales.map(({ locale, site }) => [locale.code, site?.chrome?.leadForm]));
    for (const route of routes) {
      const document = new DOMParser().parseFromString(htmlOf(route.path), "text/html");
      const context = JSON.parse(document.getElementById(ISLAND_CONTEXT_ID)?.textContent ?? "null") as {
        data: { site: { chrome?: { leadForm?: unknown } } };
      } | null;
      expect(context?.data.site.chrome?.leadForm, route.path).toEqual(written.get(route.locale.code));
    }
  });

  it("records what every page names as the page itself names it: the prerenderer's finds, not the pages read again", () => {
    const { pictures } = JSON.parse(fs.readFileSync(stateFile(build), "utf8")) as {
      pictures: Record<string, string[]>;
    };
    const read = builtPages(client);
    for (const { path: route } of routes) {
      const file = route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
      expect(pictures[file], route).toEqual(read.get(file));
    }
    expect(Object.values(pictures).flat()).not.toEqual([]);
  });

  it("keeps the client build's manifest beside the public files, not among them", () => {
    expect(fs.existsSync(path.join(build, CLIENT_MANIFEST_FILE))).toBe(true);
    expect(fs.existsSync(path.join(client, ".vite"))).toBe(false);
  });

  it("keeps ajv and the page documents' validator out of the client bundle", () => {
    const assets = fs.readdirSync(path.join(client, "assets")).filter((f) => f.endsWith(".js"));
    for (const file of assets) {
      const code = fs.readFileSync(path.join(client, "assets", file), "utf8");
      expect(code, file).not.toMatch(/ajv\.js\.org|strictSchema|must have required property/);
    }
  });
});
