/**
 * The checks of site.json's `locales` and of each translation's own fields (docs/localisation.md). Links between
 * locales are judged where every link is, in validate.ts, on the table of addresses of contract/locales.ts.
 */
import { type AnyEntry, type ArgsOf, configErrors, localeErrors } from "../contract/errors.ts";
import { type Localisable, type LocalisedRoute, type SiteLocale, underPrefix } from "../contract/locales.ts";

type Report<S> = <E extends AnyEntry>(source: S, pointer: string, entry: E, ...args: ArgsOf<E>) => void;

interface DeclaredLocales {
  locales?: { default?: unknown; list?: unknown };
}

/** The default locale is listed, and every fallback names another locale of the list. */
export function checkLocaleList<S>(source: S, site: DeclaredLocales, report: Report<S>): void {
  const declared = site.locales;
  if (!declared || !Array.isArray(declared.list)) return;
  const list = declared.list as { code?: unknown; missing?: unknown; fallback?: unknown }[];
  const codes = list.flatMap((locale) => (typeof locale?.code === "string" ? [locale.code] : []));
  if (typeof declared.default === "string" && !codes.includes(declared.default))
    report(source, "/locales/default", localeErrors.defaultNotListed, { code: declared.default, codes });
  list.forEach((locale, index) => {
    if (locale?.missing !== "fallback" || typeof locale.fallback !== "string" || typeof locale.code !== "string")
      return;
    if (locale.fallback === locale.code || !codes.includes(locale.fallback))
      report(source, `/locales/list/${index}/fallback`, localeErrors.unknownFallback, {
        locale: locale.code,
        fallback: locale.fallback,
        codes,
      });
  });
}

/** A page as validation read it: its path and the page it translates, as written. */
interface PageFields {
  path?: unknown;
  translationOf?: unknown;
}

/**
 * A page's own fields as its locale asks: a page of the default locale translates nothing; a translation names an
 * existing page of the default locale, once per locale, and lives under its locale's prefix.
 */
export function checkTranslation<S>(
  source: S,
  page: PageFields,
  locale: SiteLocale,
  context: { sources: readonly string[]; translated: Map<string, string>; file: string },
  report: Report<S>,
): void {
  const { translationOf, path } = page;
  if (locale.isDefault) {
    if (translationOf !== undefined) report(source, "/translationOf", localeErrors.translationOfInSource);
    return;
  }
  if (typeof path === "string" && !underPrefix(locale.prefix, path))
    report(source, "/path", localeErrors.outsidePrefix, { path, locale: locale.code, prefix: locale.prefix });
  if (translationOf === undefined) report(source, "", configErrors.required, { property: "translationOf" });
  if (typeof translationOf !== "string") return;
  if (!context.sources.includes(translationOf)) {
    report(source, "/translationOf", localeErrors.unknownSource, { source: translationOf, sources: context.sources });
    return;
  }
  const other = context.translated.get(translationOf);
  if (other) report(source, "/translationOf", localeErrors.translatedTwice, { source: translationOf, other });
  else context.translated.set(translationOf, context.file);
}

/**
 * A translation must not take the address where its locale shows another page from its fallback (`/de/about` for
 * `/about`): one of the two would not be published, and nothing would say which. Said on the translation, the file
 * that chose the address.
 */
export function checkFallbackCollisions<S, P extends Localisable>(
  routes: readonly LocalisedRoute<P>[],
  sourceOf: (page: P) => S,
  report: Report<S>,
): void {
  const fallbacks = new Map(routes.filter((route) => route.kind === "fallback").map((route) => [route.path, route]));
  for (const route of routes) {
    const shown = route.kind === "translation" ? fallbacks.get(route.path) : undefined;
    if (shown)
      report(sourceOf(route.page), "/path", localeErrors.translationAtFallback, {
        path: route.path,
        locale: route.locale.code,
        source: shown.source,
        shownFrom: shown.language.code,
      });
  }
}
