import type { LocaleLink } from "../../kit/site-data.ts";
import { getRoute, localeOfPath, siteLocaleList, versionsOf } from "./pages.server.ts";

/**
 * The language switcher's links for the page at `pathname`, one a locale in the order site.json lists them: the same
 * page in that locale (its translation, or the page shown from its fallback), else that locale's home page. A locale
 * with neither is left out.
 */
export function languageLinks(pathname: string): LocaleLink[] {
  const source = getRoute(pathname)?.source;
  const current = localeOfPath(pathname).code;
  const pathIn = (code: string, sourcePath: string) =>
    versionsOf(sourcePath).find((route) => route.locale.code === code)?.path;
  return siteLocaleList().flatMap(({ code, name }) => {
    const href = (source !== undefined ? pathIn(code, source) : undefined) ?? pathIn(code, "/");
    return href ? [{ code, name, href, current: code === current }] : [];
  });
}
