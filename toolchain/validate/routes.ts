import { type LocalisedRoute, type SiteLocale, localisedRoutes, prefixedPath } from "../../contract/locales.ts";
import type { PageEntry, RouteTable, RoutedPage } from "./context.ts";

/** Every address of the site, as contract/locales.ts works them out for the renderer. */
export function routeTable(locales: readonly SiteLocale[], pages: readonly PageEntry[]): RouteTable {
  const localisable = pages.flatMap((entry) =>
    typeof entry.page.path === "string"
      ? [{ path: entry.page.path, translationOf: entry.page.translationOf, entry }]
      : [],
  ) as RoutedPage[];
  const routes = localisedRoutes(
    locales,
    localisable.filter(({ entry }) => entry.locale.isDefault),
    new Map(locales.map((locale) => [locale.code, localisable.filter(({ entry }) => entry.locale === locale)])),
  );
  const routeAt = new Map<string, LocalisedRoute<RoutedPage>>();
  for (const route of routes) if (!routeAt.has(route.path)) routeAt.set(route.path, route);
  const pathsIn = new Map(
    locales.map((locale) => [
      locale.code,
      [...new Set(routes.filter((route) => route.locale === locale).map((route) => route.path))].sort(),
    ]),
  );
  const translatedAt = new Map(
    routes
      .filter((route) => route.kind === "translation" && route.path !== prefixedPath(route.locale.prefix, route.source))
      .map((route) => [
        `${route.locale.code} ${prefixedPath(route.locale.prefix, route.source)}`,
        { source: route.source, locale: route.locale.code, path: route.path },
      ]),
  );
  return { routes, routeAt, pathsIn, translatedAt };
}

/** The route at a site path, with or without its trailing slash. */
export const routeOf = ({ routeAt }: RouteTable, sitePath: string) =>
  routeAt.get(sitePath) ?? routeAt.get(sitePath.replace(/\/$/, ""));
