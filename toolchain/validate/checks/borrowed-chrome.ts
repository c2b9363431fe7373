import { localeErrors } from "../../../contract/errors.ts";
import type { LocalesOfSite, SiteLocale } from "../../../contract/locales.ts";
import type { Check, RouteTable } from "../context.ts";
import { findings } from "../problems.ts";
import { routeOf } from "../routes.ts";
import { browserPath, oddSitePath } from "../site-paths.ts";
import type { SourceFile } from "../source-file.ts";

/**
 * A locale without a site.json of its own shows the default one's chrome, its links led to the locale's address of
 * each page: those whose page the locale does not publish cannot stay in it. A locale that shows every page it lacks
 * from its fallback has every page the chrome links to (LOC004 says where its fallback is wrong).
 */
export const borrowedChrome: Check = ({ site, locales, withOwnChrome, routes, relative }) => {
  const { problems, report } = findings(relative);
  if (!site) return problems;
  for (const locale of locales.slice(1)) {
    if (withOwnChrome.has(locale.code) || locale.missing === "fallback") continue;
    const unkept = linksNotIn(routes, site, locale);
    if (unkept.length > 0)
      report(site, localePointer(site, locale), localeErrors.borrowedChrome, { locale: locale.code, links: unkept });
  }
  return problems;
};

/** The pages a file (the default locale's chrome) links to that have no version in `locale`, by their paths. */
function linksNotIn(table: RouteTable, source: SourceFile, locale: SiteLocale) {
  const links = source.references.filter((r) => r.kind === "link" && r.value.startsWith("/"));
  const unkept = links.flatMap(({ value }) => {
    if (oddSitePath("", value)) return [];
    const route = routeOf(table, browserPath(value.split(/[?#]/)[0]!));
    const kept = !route || table.routes.some((other) => other.locale === locale && other.source === route.source);
    return kept ? [] : [route.source];
  });
  return [...new Set(unkept)];
}

/** Where site.json declares a locale: its entry in `locales.list`. */
function localePointer(site: SourceFile, locale: SiteLocale): string {
  const list = (site.value as LocalesOfSite).locales?.list;
  const index = Array.isArray(list)
    ? list.findIndex((declared) => (declared as { code?: unknown })?.code === locale.code)
    : -1;
  return index === -1 ? "/locales/list" : `/locales/list/${index}`;
}
