import { configErrors } from "../../../contract/errors.ts";
import { localeNotFoundPaths } from "../../../contract/locales.ts";
import { leadsOffSite, redirectsOf } from "../../../contract/redirects.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";
import { routeOf } from "../routes.ts";

/**
 * site-config/redirects.json: each redirect leaves an address no page has (a page's, a translation's or a fallback's
 * address would be hidden by it) for a page that exists or another site, once per address, and straight to the end: a
 * redirect to a redirect makes visitors and search engines take every step.
 */
export const redirects: Check = ({ redirects: source, routes, locales, relative }) => {
  const { problems, report } = findings(relative);
  if (!source) return problems;
  const list = redirectsOf(source.value);
  const notFound = new Set(["/404", ...localeNotFoundPaths(locales)]);
  const first = new Map<string, (typeof list)[number]>();
  for (const redirect of list) {
    const at = `/redirects/${redirect.index}`;
    const earlier = first.get(redirect.from);
    if (earlier)
      report(source, `${at}/from`, configErrors.redirectTwice, {
        from: redirect.from,
        first: `/redirects/${earlier.index}`,
      });
    else first.set(redirect.from, redirect);
    const route = routeOf(routes, redirect.from);
    if (route || notFound.has(redirect.from)) {
      const file = route && relative(route.page.entry.source.file);
      const page = !route
        ? "a not-found page"
        : route.kind === "fallback"
          ? `${file}, shown there in ${route.language.code} for want of a ${route.locale.code} translation`
          : file!;
      report(source, `${at}/from`, configErrors.redirectFromPage, { from: redirect.from, page });
    }
  }
  for (const redirect of list) {
    const { to } = redirect;
    const pointer = `/redirects/${redirect.index}/to`;
    if (leadsOffSite(to)) continue;
    if (first.has(to)) {
      const chain = [redirect.from, to];
      let next = first.get(to)?.to;
      while (next !== undefined && !chain.includes(next)) {
        chain.push(next);
        next = first.get(next)?.to;
      }
      // The walk stops at an address not redirected (the end) or at one met already (a circle, shown closed).
      if (next !== undefined) chain.push(next);
      report(source, pointer, configErrors.redirectChain, { to, chain, loop: next !== undefined });
    } else if (!routeOf(routes, to))
      report(source, pointer, configErrors.redirectToNoPage, { to, paths: [...routes.routeAt.keys()].sort() });
  }
  return problems;
};
