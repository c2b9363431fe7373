/**
 * The routes a review shoots when a change reaches many (a menu entry, site.json: every route). Shooting 10,000 routes
 * at two widths on two builds takes hours and shows the same header 10,000 times; a page builder's pages differ by
 * their block types and their locale, so a sample that shows every block type in every locale, on every kind of
 * route (a page, its translation, a fallback, the not-found page), shows each way the change can look. The routes
 * left out are still built, loaded and measured (scripts/review/run.ts).
 */
import { type Content, contentRoutes } from "../../contract/content.server.ts";
import { type SiteLocale, localeNotFoundPaths } from "../../contract/locales.ts";
import type { RouteStatus } from "../pipeline/affected.ts";
import { NOT_FOUND_ROUTE } from "../pipeline/affected.ts";

/** Routes of one status (changed, added, gone) up to this many are all shot; more are sampled. */
export const SAMPLE_ABOVE = 30;

/**
 * What a route shows that a sample must cover, each tied to its locale: its block types, its kind (a page of its own,
 * a translation, another locale's page shown for want of one, the not-found page). A route the head does not have (a
 * page removed) has its locale alone.
 */
export function routeFeatures(content: Content): (route: string) => string[] {
  const features = new Map<string, string[]>();
  for (const route of contentRoutes(content)) {
    const types = new Set(route.page.blocks.map((block) => block.type));
    features.set(route.path, [
      `${route.locale.code} ${route.kind}`,
      ...[...types].map((type) => `${route.locale.code} block ${type}`),
    ]);
  }
  const notFound = [NOT_FOUND_ROUTE, ...localeNotFoundPaths(content.siteLocales)];
  for (const route of notFound) features.set(route, [`${localeOf(content.siteLocales, route).code} not-found`]);
  return (route) => features.get(route) ?? [localeOf(content.siteLocales, route).code];
}

/** The locale whose prefix the route starts with, or the default one. */
function localeOf(locales: readonly SiteLocale[], route: string): SiteLocale {
  const first = route.split("/")[1] ?? "";
  return locales.find((locale) => locale.prefix !== "" && locale.prefix === first) ?? locales.find((l) => l.isDefault)!;
}

/**
 * The routes to shoot: every route of a status with SAMPLE_ABOVE routes or fewer; of a larger one, the fewest routes
 * (chosen greedily: the route showing the most features not yet shown, then the earliest in route order) that
 * together show every feature its routes show. The same routes and features give the same sample.
 */
export function sampleRoutes(
  routes: readonly { route: string; status: RouteStatus }[],
  featuresOf: (route: string) => readonly string[],
): Set<string> {
  const sample = new Set<string>();
  const statuses = [...new Set(routes.map((r) => r.status))];
  for (const status of statuses) {
    const group = routes
      .filter((r) => r.status === status)
      .map((r) => r.route)
      .sort();
    if (group.length <= SAMPLE_ABOVE) {
      for (const route of group) sample.add(route);
      continue;
    }
    const candidates = new Map(group.map((route) => [route, new Set(featuresOf(route))]));
    const uncovered = new Set([...candidates.values()].flatMap((features) => [...features]));
    while (uncovered.size > 0) {
      let best = "";
      let gain = 0;
      for (const [route, features] of candidates) {
        let count = 0;
        for (const feature of features) if (uncovered.has(feature)) count++;
        if (count > gain) [best, gain] = [route, count];
      }
      sample.add(best);
      for (const feature of candidates.get(best)!) uncovered.delete(feature);
      candidates.delete(best);
    }
  }
  return sample;
}
