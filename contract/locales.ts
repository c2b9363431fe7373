/**
 * The site's locales and the address of every page in each (docs/localisation.md). Pure code: the content loader, the
 * renderer, the sitemap and validation read the same table, so a link that validation accepts is a page the build
 * writes.
 */

/** A locale of the site, as site.json declares it, with what its declaration leaves out worked out. */
export interface SiteLocale {
  code: string;
  name: string;
  /** The first segment of its addresses, "" for none (the default locale). */
  prefix: string;
  dir: "ltr" | "rtl";
  missing: "fallback" | "unpublished";
  /** With `missing: "fallback"`, the locale whose page it shows for one it has not translated. */
  fallback?: string;
  /** og:locale, when one can be written. */
  ogLocale?: string;
  isDefault: boolean;
}

/** The locale a site without `locales` has: its pages are British English. */
export const DEFAULT_LOCALE_CODE = "en-GB";

interface DeclaredLocale {
  code?: unknown;
  name?: unknown;
  prefix?: unknown;
  dir?: unknown;
  missing?: unknown;
  fallback?: unknown;
  ogLocale?: unknown;
}

/** What this module reads of site.json: validation reads it as written, the renderer with its defaults filled in. */
export interface LocalesOfSite {
  locales?: { default?: unknown; list?: unknown };
  seo?: { locale?: unknown };
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * Every locale of the site, the default one first, then the others in the order site.json lists them. A site that
 * declares none has one: British English, at the site's root.
 */
export function siteLocales(site: LocalesOfSite): SiteLocale[] {
  const defaultCode = text(site.locales?.default) ?? DEFAULT_LOCALE_CODE;
  const declared = (Array.isArray(site.locales?.list) ? site.locales.list : []) as DeclaredLocale[];
  const seoLocale = text(site.seo?.locale);
  const all = declared
    .filter((locale) => typeof locale?.code === "string")
    .map((locale): SiteLocale => {
      const code = locale.code as string;
      const isDefault = code === defaultCode;
      const region = /^([a-z]{2,3})(?:-[A-Z][a-z]{3})?-([A-Z]{2})$/.exec(code);
      return {
        code,
        name: text(locale.name) ?? code,
        prefix: text(locale.prefix) ?? (isDefault ? "" : code.toLowerCase()),
        dir: locale.dir === "rtl" ? "rtl" : "ltr",
        missing: locale.missing === "fallback" ? "fallback" : "unpublished",
        fallback: locale.missing === "fallback" ? (text(locale.fallback) ?? defaultCode) : undefined,
        ogLocale:
          text(locale.ogLocale) ??
          (isDefault ? seoLocale : undefined) ??
          (region ? `${region[1]}_${region[2]}` : undefined),
        isDefault,
      };
    });
  const own = all.find((locale) => locale.isDefault) ?? {
    code: defaultCode,
    name: defaultCode,
    prefix: "",
    dir: "ltr",
    missing: "unpublished",
    ogLocale: seoLocale,
    isDefault: true,
  };
  const seen = new Set([own.code]);
  const others = all.filter((locale) => !seen.has(locale.code) && Boolean(seen.add(locale.code)));
  return [own, ...others];
}

/**
 * The not-found pages of the locales with a prefix (`/de/404`): the build writes each, and the servers answer an
 * unknown address under the prefix with it (`/404` is the default locale's).
 */
export const localeNotFoundPaths = (locales: readonly Pick<SiteLocale, "prefix">[]) =>
  locales.filter((locale) => locale.prefix).map((locale) => `/${locale.prefix}/404`);

/** A page's address in a locale whose prefix is `prefix`: `/de` for the home page, `/de/contact` for `/contact`. */
export const prefixedPath = (prefix: string, pagePath: string) =>
  prefix ? `/${prefix}${pagePath === "/" ? "" : pagePath}` : pagePath;

/** Whether `pagePath` is the locale's home or under it. */
export const underPrefix = (prefix: string, pagePath: string) =>
  !prefix || pagePath === `/${prefix}` || pagePath.startsWith(`/${prefix}/`);

/** What the table needs of a page: its own path and, in a translation, its source's. */
export interface Localisable {
  path: string;
  translationOf?: string;
}

/** A page as one locale publishes it, at one address. */
export interface LocalisedRoute<P extends Localisable> {
  /** Its address. */
  path: string;
  locale: SiteLocale;
  /** The path of its page in the default locale: the key that ties the translations of one page together. */
  source: string;
  /** The document shown: the page itself, its translation, or the page of the locale it falls back to. */
  page: P;
  /** "fallback": shown from another locale (noindex, canonical to `canonical`). */
  kind: "source" | "translation" | "fallback";
  /** The address of the page whose content it is: its own, or for a fallback the page it shows. */
  canonical: string;
  /** The locale of the words shown: its own, or for a fallback the locale whose page it shows. */
  language: SiteLocale;
}

/**
 * Every address of the site: each page of the default locale at its path; each translation at its own path; and, in a
 * locale with `missing: "fallback"`, each page it has not translated at the page's path under the locale's prefix,
 * showing the version of its fallback locale (followed until a locale has one: the default locale has every page).
 * A translation whose `translationOf` names no page, or a second translation of one page in a locale, is left out
 * (validation names both).
 */
export function localisedRoutes<P extends Localisable>(
  locales: readonly SiteLocale[],
  sources: readonly P[],
  translations: ReadonlyMap<string, readonly P[]>,
): LocalisedRoute<P>[] {
  const [own, ...others] = locales;
  const sourcePaths = new Set(sources.map((page) => page.path));
  const byLocale = new Map<string, Map<string, P>>();
  for (const locale of others) {
    const pages = new Map<string, P>();
    for (const page of translations.get(locale.code) ?? [])
      if (page.translationOf && sourcePaths.has(page.translationOf) && !pages.has(page.translationOf))
        pages.set(page.translationOf, page);
    byLocale.set(locale.code, pages);
  }
  const byCode = new Map(locales.map((locale) => [locale.code, locale]));
  /** The page a locale shows for a source, and where that page lives, following fallbacks (never round in circles). */
  const shown = (
    code: string,
    source: P,
    seen: Set<string>,
  ): { page: P; path: string; language: SiteLocale } | undefined => {
    if (code === own!.code) return { page: source, path: source.path, language: own! };
    const translated = byLocale.get(code)?.get(source.path);
    if (translated) return { page: translated, path: translated.path, language: byCode.get(code)! };
    const locale = byCode.get(code);
    if (locale?.missing !== "fallback" || !locale.fallback || seen.has(locale.fallback)) return undefined;
    return shown(locale.fallback, source, new Set([...seen, locale.fallback]));
  };
  const routes: LocalisedRoute<P>[] = sources.map((page) => ({
    path: page.path,
    locale: own!,
    source: page.path,
    page,
    kind: "source",
    canonical: page.path,
    language: own!,
  }));
  for (const locale of others) {
    for (const source of sources) {
      const translated = byLocale.get(locale.code)!.get(source.path);
      if (translated) {
        routes.push({
          path: translated.path,
          locale,
          source: source.path,
          page: translated,
          kind: "translation",
          canonical: translated.path,
          language: locale,
        });
        continue;
      }
      const fallback = locale.missing === "fallback" ? shown(locale.code, source, new Set([locale.code])) : undefined;
      if (fallback)
        routes.push({
          path: prefixedPath(locale.prefix, source.path),
          locale,
          source: source.path,
          page: fallback.page,
          kind: "fallback",
          canonical: fallback.path,
          language: fallback.language,
        });
    }
  }
  return routes;
}

/**
 * The versions of one page that search engines should know as its translations (hreflang): those published in their
 * own words. A fallback shows another locale's page and names it as canonical, so it is no alternate of its own.
 */
export const alternatesOf = <P extends Localisable>(routes: readonly LocalisedRoute<P>[], source: string) =>
  routes.filter((route) => route.source === source && route.kind !== "fallback");
