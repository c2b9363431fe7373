import { localeErrors } from "../../../contract/errors.ts";
import type { LocalesOfSite } from "../../../contract/locales.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";

/** site.json's `locales` (docs/localisation.md): the default locale is listed, and every fallback names another. */
export const localeList: Check = ({ site, relative }) => {
  const { problems, report } = findings(relative);
  const declared = (site?.value as LocalesOfSite | undefined)?.locales;
  if (!site || !declared || !Array.isArray(declared.list)) return problems;
  const list = declared.list as { code?: unknown; missing?: unknown; fallback?: unknown }[];
  const codes = list.flatMap((locale) => (typeof locale?.code === "string" ? [locale.code] : []));
  if (typeof declared.default === "string" && !codes.includes(declared.default))
    report(site, "/locales/default", localeErrors.defaultNotListed, { code: declared.default, codes });
  list.forEach((locale, index) => {
    if (locale?.missing !== "fallback" || typeof locale.fallback !== "string" || typeof locale.code !== "string")
      return;
    if (locale.fallback === locale.code || !codes.includes(locale.fallback))
      report(site, `/locales/list/${index}/fallback`, localeErrors.unknownFallback, {
        locale: locale.code,
        fallback: locale.fallback,
        codes,
      });
  });
  return problems;
};
