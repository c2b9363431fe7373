import { localeErrors } from "../../../contract/errors.ts";
import type { Check } from "../context.ts";
import { findings } from "../problems.ts";

/** Each folder under locales/ is a locale site.json declares, and each section of its own translates one of the source's. */
export const localeFolders: Check = ({ site, locales, undeclaredFolders, sectionFiles, sectionsOf, relative }) => {
  const { problems, report } = findings(relative);
  if (site)
    for (const folder of undeclaredFolders)
      report(site, "/locales/list", localeErrors.undeclaredLocale, {
        folder,
        codes: locales.slice(1).map((declared) => declared.code),
      });
  const sourceIds = sectionsOf(locales[0]).ids;
  for (const { id, source, locale } of sectionFiles)
    if (!locale.isDefault && !sourceIds.includes(id))
      report(source, "", localeErrors.sectionWithoutSource, { id, locale: locale.code, ids: sourceIds });
  return problems;
};
