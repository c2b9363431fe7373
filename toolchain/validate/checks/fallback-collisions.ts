import { localeErrors } from "../../../contract/errors.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";

/**
 * A translation must not take the address where its locale shows another page from its fallback (`/de/about` for
 * `/about`): one of the two would not be published, and nothing would say which. Said on the translation, the file
 * that chose the address.
 */
export const fallbackCollisions: Check = ({ routes: { routes }, relative }) => {
  const { problems, report } = findings(relative);
  const fallbacks = new Map(routes.filter((route) => route.kind === "fallback").map((route) => [route.path, route]));
  for (const route of routes) {
    const shown = route.kind === "translation" ? fallbacks.get(route.path) : undefined;
    if (shown)
      report(route.page.entry.source, "/path", localeErrors.translationAtFallback, {
        path: route.path,
        locale: route.locale.code,
        source: shown.source,
        shownFrom: shown.language.code,
      });
  }
  return problems;
};
