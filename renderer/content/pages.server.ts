import path from "node:path";
import {
  CONFIG_DIR,
  type Content as Loaded,
  LOCALES_FOLDER,
  contentChanges,
  contentRoutes,
  loadContent,
} from "../../contract/content.server.ts";
import { SECTIONS_FOLDER } from "../../contract/sections.ts";
import type { PageDocument, SiteConfig } from "../../contract/generated/schema-types.ts";
import { type LocalisedRoute, type SiteLocale, alternatesOf, underPrefix } from "../../contract/locales.ts";
import type { IndustryLink } from "../../kit/site-data.ts";
import { lastModified } from "../../contract/last-modified.server.ts";

interface Content {
  site: SiteConfig;
  /** Every page of every locale, by its address. */
  pages: Map<string, PageDocument>;
  routes: Map<string, LocalisedRoute<PageDocument>>;
  locales: SiteLocale[];
  /** Each other locale's chrome, by code. */
  localeSites: Map<string, Loaded["locales"][number]["site"]>;
  /** The file each page was read from, by path. */
  files: Map<string, string>;
  /** The files of the shared sections each page places, by path. */
  placed: Map<string, string[]>;
  /** Each source page's routes in every locale (its own, its translations, its fallbacks), in the routes' order. */
  versions: Map<string, LocalisedRoute<PageDocument>[]>;
  /** What each page's render asks of the whole site, worked out once for the content instead of for every page. */
  byLocale: Map<string, LocaleIndex>;
}

/** A locale's values that are worked out from every route. */
interface LocaleIndex {
  paths?: Readonly<Record<string, string>>;
  industries?: IndustryLink[];
}

let indexed: { from: Loaded; configDir: string; changes: number | undefined; content: Content } | undefined;

/**
 * site.json and every page, indexed by path. loadContent keeps the content while its files are unchanged, so the
 * index is built again only when it returns new content (an edit under the dev server). loadContent hashes every
 * file's text to know that, which a build, asking again for every page it renders, need not pay.
 */
function content(configDir = CONFIG_DIR): Content {
  // A build's content does not change while it renders; the dev server watches the files and says when one changed.
  const changes = contentChanges();
  const unchanged = process.env.NODE_ENV === "production" || (changes !== undefined && indexed?.changes === changes);
  if (indexed?.configDir === configDir && unchanged) return indexed.content;
  const loaded = loadContent(configDir);
  if (indexed?.from === loaded) indexed.changes = changes;
  else indexed = { from: loaded, configDir, changes, content: indexContent(loaded) };
  return indexed.content;
}

function indexContent(loaded: Loaded): Content {
  const routes = contentRoutes(loaded);
  // A fallback shows another locale's file: the translated pages and the default locale's have their own.
  const own = routes.filter((route) => route.kind !== "fallback");
  const fileOf = new Map<PageDocument, string>();
  const placedOf = new Map<PageDocument, string[]>();
  for (const { pages, files, placed } of [loaded, ...loaded.locales])
    pages.forEach((page, index) => {
      fileOf.set(page, files[index]!);
      placedOf.set(page, placed[index]!);
    });
  return {
    site: loaded.site,
    pages: new Map(routes.map((route) => [route.path, route.page])),
    routes: new Map(routes.map((route) => [route.path, route])),
    locales: loaded.siteLocales,
    localeSites: new Map(loaded.locales.map(({ locale, site }) => [locale.code, site])),
    files: new Map(own.map((route) => [route.path, fileOf.get(route.page)!])),
    placed: new Map(own.map((route) => [route.path, placedOf.get(route.page)!])),
    versions: routesBySource(routes),
    byLocale: new Map(loaded.siteLocales.map((locale) => [locale.code, {}])),
  };
}

function routesBySource(routes: readonly LocalisedRoute<PageDocument>[]) {
  const versions = new Map<string, LocalisedRoute<PageDocument>[]>();
  for (const route of routes) {
    const list = versions.get(route.source);
    if (list) list.push(route);
    else versions.set(route.source, [route]);
  }
  return versions;
}

const withoutTrailingSlash = (path: string) => (path === "/" ? "/" : path.replace(/\/+$/, ""));

export const getSite = () => content().site;
export const getPage = (path: string) => content().pages.get(withoutTrailingSlash(path));
/** The page at an address, with its locale and its place among its translations. */
export const getRoute = (path: string) => content().routes.get(withoutTrailingSlash(path));
export const allPaths = () => [...content().pages.keys()].sort();
/** Every address of every locale. */
export const allRoutes = () => [...content().routes.values()];
/** The routes of the page whose source path is `source`, in every locale (none for a path that is no page's). */
export const versionsOf = (source: string): readonly LocalisedRoute<PageDocument>[] =>
  content().versions.get(source) ?? [];
/** The versions of the page whose source path is `source` in their own words: its hreflang alternates. */
export const alternatesOfPage = (source: string) => alternatesOf(versionsOf(source), source);

/** A value of a locale worked out from the whole site, once for the content loaded (each page asks for it). */
function ofLocale<K extends keyof LocaleIndex>(
  code: string,
  key: K,
  make: () => NonNullable<LocaleIndex[K]>,
): NonNullable<LocaleIndex[K]> {
  // A code that is no locale's (nothing to keep it with) is worked out each time.
  const kept: LocaleIndex = content().byLocale.get(code) ?? {};
  return (kept[key] ??= make()) as NonNullable<LocaleIndex[K]>;
}

/** A locale's address of each page of the default locale, by the page's path (the source's). */
export const localePaths = (code: string): Readonly<Record<string, string>> =>
  ofLocale(code, "paths", () =>
    Object.fromEntries(
      allRoutes()
        .filter((route) => route.locale.code === code)
        .map((route) => [route.source, route.path]),
    ),
  );
export const siteLocaleList = () => content().locales;
/** A locale's own site.json (its chrome), undefined for the default locale or a locale that has none. */
export const localeSite = (code: string) => content().localeSites.get(code);

/**
 * The locale of an address: its page's, else the locale whose prefix it is under (a missing page there gets that
 * locale's not-found page), else the default one.
 */
export function localeOfPath(path: string): SiteLocale {
  const { locales } = content();
  return (
    getRoute(path)?.locale ??
    locales.slice(1).find((locale) => underPrefix(locale.prefix, withoutTrailingSlash(path))) ??
    locales[0]!
  );
}

/**
 * When each page last changed (ISO 8601), by path, for the sitemap: its file, or a shared section it places, whichever
 * changed last, as if the section's blocks were written in the page.
 */
export function pagesLastModified(configDir = CONFIG_DIR): Map<string, string> {
  const { files, placed } = content(configDir);
  const localesDir = path.join(configDir, LOCALES_FOLDER);
  // git is asked about one folder at a time: the source's (pages or sections) and the locales' own files.
  const datesOf = (all: readonly string[], sourceDir: string) => {
    const [translated, own] = [...new Set(all)].reduce<[string[], string[]]>(
      ([inLocales, inSource], file) =>
        file.startsWith(localesDir + path.sep) ? [[...inLocales, file], inSource] : [inLocales, [...inSource, file]],
      [[], []],
    );
    return new Map([
      ...(own.length ? lastModified(own, sourceDir) : []),
      ...(translated.length ? lastModified(translated, localesDir) : []),
    ]);
  };
  const dates = datesOf([...files.values()], path.join(configDir, "pages"));
  const sectionDates = datesOf([...placed.values()].flat(), path.join(configDir, SECTIONS_FOLDER));
  const latest = (all: string[]) => all.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
  return new Map(
    [...files].map(([pagePath, file]) => [
      pagePath,
      latest([dates.get(file)!, ...(placed.get(pagePath) ?? []).map((section) => sectionDates.get(section)!)]),
    ]),
  );
}

/** The Industries menu, footer column and index of a locale (the default one unless named), built from the pages that ask to be listed. */
export function industryLinks(localeCode?: string): IndustryLink[] {
  const code = localeCode ?? content().locales[0]!.code;
  return ofLocale(code, "industries", () =>
    allRoutes()
      .filter((route) => route.locale.code === code && route.page.nav?.menu === "industries")
      .map(({ page, path }) => ({
        label: page.nav!.label,
        href: path,
        description: page.nav!.description ?? "",
        icon: page.nav!.icon,
        featured: page.nav!.featured,
        order: page.nav!.order,
      }))
      .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label)),
  );
}
