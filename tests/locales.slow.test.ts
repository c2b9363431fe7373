import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PageDocument } from "../contract/generated/schema-types.ts";
import type { LocalisedRoute } from "../contract/locales.ts";
import { formatFigure } from "../kit/locale.ts";

/**
 * The build of a site in three locales (tests/locale-site/: British English by default, German with its own
 * addresses and the pages it has not translated shown from English, Arabic right to left publishing only what it has
 * translated), checked on its built HTML and sitemap, route by route, as rules: whatever the fixture holds, every
 * localised route must keep them.
 */
const root = path.resolve(import.meta.dirname, "..");
const configDir = path.join(root, "tests/locale-site/site-config");
const siteUrl = "https://www.voxa.example";
const url = (route: string) => `${siteUrl}${route}`;

vi.stubEnv("SITE_CONFIG_DIR", configDir);
vi.resetModules();
const { contentRoutes, loadContent } = await import("../contract/content.server.ts");
const { localeNotFoundPaths } = await import("../contract/locales.ts");
vi.unstubAllEnvs();
const routes: LocalisedRoute<PageDocument>[] = contentRoutes(loadContent());
const published = routes.filter((route) => route.kind !== "fallback");

fs.mkdirSync(path.join(root, "node_modules", ".cache"), { recursive: true });
// Inside the project: the prerenderer's server bundle resolves its packages from node_modules/.
const buildDir = fs.mkdtempSync(path.join(root, "node_modules", ".cache", "locale-site-"));
const client = path.join(buildDir, "client");
afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

const documentOf = (route: string) =>
  new DOMParser().parseFromString(
    fs.readFileSync(path.join(client, route === "/" ? "index.html" : `${route}/index.html`), "utf8"),
    "text/html",
  );
/** A page's hreflang alternates as its head lists them, `hreflang → href`. */
const alternatesOf = (document: Document): Record<string, string> =>
  Object.fromEntries(
    [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute("hreflang") ?? "",
      link.getAttribute("href") ?? "",
    ]),
  );
const meta = (document: Document, key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? undefined;
const inLanguage = (document: Document) => {
  const graph = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}") as {
    "@graph": { "@type": string; inLanguage?: string }[];
  };
  return graph["@graph"].find((node) => node["@type"] === "WebPage")?.inLanguage;
};
/** What a page's head and its sitemap entry must list: each published version of its page, and the default's as x-default. */
const expectedAlternates = (route: LocalisedRoute<PageDocument>) => {
  const versions = published.filter((other) => other.source === route.source);
  const byDefault = versions.find((version) => version.locale.isDefault)!;
  return {
    ...Object.fromEntries(versions.map((version) => [version.locale.code, url(version.path)])),
    "x-default": url(byDefault.path),
  };
};

describe("a site in several locales, built", () => {
  beforeAll(() => {
    execFileSync("npx", ["--no", "react-router", "build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", SITE_CONFIG_DIR: configDir, BUILD_DIR: buildDir },
      stdio: "pipe",
    });
  }, 600_000);

  it("has every locale's pages, fallbacks included, and nothing a locale does not publish", () => {
    const built = fs
      .readdirSync(client, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith("index.html") && !file.startsWith("404"))
      .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, "/"))
      .sort();
    // Each locale with a prefix has its own not-found page beside its pages.
    const notFounds = localeNotFoundPaths(loadContent().siteLocales);
    expect(built).toEqual([...routes.map((route) => route.path), ...notFounds].sort());
    expect(routes.some((route) => route.kind === "fallback")).toBe(true);
    expect(routes.some((route) => route.locale.dir === "rtl")).toBe(true);
  });

  it.each(routes.map((route) => [route.path, route] as const))(
    "writes %s in its locale's language and direction, with its canonical, og:locale and JSON-LD language",
    (route, { locale, kind, canonical, language }) => {
      const document = documentOf(route);
      expect(document.documentElement.getAttribute("lang")).toBe(locale.code);
      expect(document.documentElement.getAttribute("dir")).toBe(locale.dir);
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(url(canonical));
      expect(meta(document, "og:locale")).toBe(language.ogLocale);
      expect(inLanguage(document)).toBe(language.code);
      if (kind === "fallback") {
        expect(canonical).not.toBe(route);
        expect(meta(document, "robots")).toBe("noindex");
        expect(alternatesOf(document)).toEqual({});
        const shown = document.querySelector("main > [lang]");
        expect([shown?.getAttribute("lang"), shown?.getAttribute("dir")]).toEqual([language.code, language.dir]);
      } else {
        expect(canonical).toBe(route);
        expect(meta(document, "robots")).toBeUndefined();
      }
    },
  );

  it.each(published.map((route) => [route.path, route] as const))(
    "links %s to each of its translations with hreflang and x-default, and each of them links it back",
    (route, published) => {
      const alternates = alternatesOf(documentOf(route));
      expect(alternates).toEqual(expectedAlternates(published));
      expect(alternates[published.locale.code]).toBe(url(route));
      for (const [hreflang, href] of Object.entries(alternates)) {
        if (hreflang === "x-default") continue;
        expect(alternatesOf(documentOf(href.slice(siteUrl.length) || "/"))[published.locale.code], href).toBe(
          url(route),
        );
      }
    },
  );

  it("lists in sitemap.xml every published page with the same alternates as its head, and no fallback", () => {
    const sitemap = new DOMParser().parseFromString(
      fs.readFileSync(path.join(client, "sitemap.xml"), "utf8"),
      "text/xml",
    );
    const entries = Object.fromEntries(
      [...sitemap.getElementsByTagName("url")].map((entry) => [
        entry.getElementsByTagName("loc")[0]!.textContent,
        Object.fromEntries(
          [...entry.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link")].map((link) => [
            link.getAttribute("hreflang"),
            link.getAttribute("href"),
          ]),
        ),
      ]),
    );
    expect(Object.keys(entries).sort()).toEqual(published.map((route) => url(route.path)).sort());
    for (const route of published) expect(entries[url(route.path)], route.path).toEqual(expectedAlternates(route));
  });

  it("writes each locale's chrome in its own words, British English where its site.json leaves a word out", () => {
    for (const route of routes) {
      const document = documentOf(route.path);
      const skip = document.querySelector('header a[href="#main"]')?.textContent;
      const expected = { "en-GB": "Skip to content", "de-DE": "Zum Inhalt springen", ar: "انتقل إلى المحتوى" };
      expect(skip, route.path).toBe(expected[route.locale.code as keyof typeof expected]);
    }
    const arabic = documentOf("/ar");
    expect(arabic.querySelector('button[popovertarget="mobile-menu"]')?.getAttribute("aria-label")).toBe("Open menu");
  });

  it("leads the links of a page shown from its fallback to the pages of the locale it is shown in", () => {
    const fallbacks = routes.filter((route) => route.kind === "fallback");
    expect(fallbacks.length, "the fixture shows a page from its fallback").toBeGreaterThan(0);
    const pagePaths = new Set(routes.map((route) => route.path));
    for (const route of fallbacks) {
      const own = new Set(routes.filter((other) => other.locale === route.locale).map((other) => other.path));
      const links = [...documentOf(route.path).querySelectorAll("main a[href^='/']")].map(
        (link) => link.getAttribute("href")!.split(/[?#]/)[0]!,
      );
      for (const href of links.filter((link) => pagePaths.has(link)))
        expect(own.has(href), `${route.path} links ${href}`).toBe(true);
    }
    expect(documentOf("/de/about").querySelector("main a[href='/de/kontakt']")?.textContent).toBe("Talk to us");
  });

  it("writes figures as each locale's language writes them, in the prerendered page", () => {
    const figures = (route: string) =>
      [...documentOf(route).querySelectorAll("main [data-testid=stat-count]")].map((node) => node.textContent);
    expect(figures("/")).toEqual(["4.8/5", "12,500+"]);
    expect(figures("/de")).toEqual(["4,8/5", "12.500+"]);
    expect(figures("/ar")).toEqual([
      formatFigure("ar", { value: 4.8, suffix: "/5", decimals: 1 }),
      formatFigure("ar", { value: 12500, suffix: "+" }),
    ]);
  });
});
