import { configErrors, localeErrors } from "../../../contract/errors.ts";
import { underPrefix } from "../../../contract/locales.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";

/**
 * A page's own fields as its locale asks (docs/localisation.md): a page of the default locale translates nothing; a
 * translation names an existing page of the default locale, once per locale, and lives under its locale's prefix.
 */
export const translations: Check = ({ pages, locales, relative }) => {
  const { problems, report } = findings(relative);
  const sources = pages.flatMap(({ page, locale }) =>
    locale.isDefault && typeof page.path === "string" ? [page.path] : [],
  );
  /** By locale, the file of each source's translation met so far. */
  const translatedIn = new Map(locales.map((locale) => [locale.code, new Map<string, string>()]));
  for (const { source, page, locale } of pages) {
    const { translationOf, path } = page;
    if (locale.isDefault) {
      if (translationOf !== undefined) report(source, "/translationOf", localeErrors.translationOfInSource);
      continue;
    }
    if (typeof path === "string" && !underPrefix(locale.prefix, path))
      report(source, "/path", localeErrors.outsidePrefix, { path, locale: locale.code, prefix: locale.prefix });
    if (translationOf === undefined) report(source, "", configErrors.required, { property: "translationOf" });
    if (typeof translationOf !== "string") continue;
    if (!sources.includes(translationOf)) {
      report(source, "/translationOf", localeErrors.unknownSource, { source: translationOf, sources });
      continue;
    }
    const translated = translatedIn.get(locale.code)!;
    const other = translated.get(translationOf);
    if (other) report(source, "/translationOf", localeErrors.translatedTwice, { source: translationOf, other });
    else translated.set(translationOf, relative(source.file));
  }
  return problems;
};
