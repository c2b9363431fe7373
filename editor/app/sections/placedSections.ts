import type { SectionDoc } from "../../../contract/sections.ts";
import type { Bootstrap } from "../api.ts";

/** A locale's own files: site-config/locales/<code>/… (docs/localisation.md). */
const LOCALE_FILE = /^site-config\/locales\/([^/]+)\//;

/** The locale whose folder holds `file` (a page or a section of site-config/), undefined for the default locale's. */
export const localeOfFile = (file: string): string | undefined => LOCALE_FILE.exec(file)?.[1];

/**
 * The sections as the page or section in `file` places them: its locale's own version of a section where that locale
 * has one, else the source's (docs/sections.md).
 */
export function placedSections(
  boot: Pick<Bootstrap, "sections" | "localeSections">,
  file: string,
): Record<string, SectionDoc> {
  const locale = localeOfFile(file);
  const own = locale === undefined ? undefined : boot.localeSections[locale];
  return own ? { ...boot.sections, ...own } : boot.sections;
}

/** The file a page in `file`'s locale opens for section `id`: the locale's own version, else the source's. */
export function placedSectionFile(boot: Pick<Bootstrap, "localeSections">, file: string, id: string): string {
  const locale = localeOfFile(file);
  return locale !== undefined && boot.localeSections[locale]?.[id]
    ? `site-config/locales/${locale}/sections/${id}.json`
    : `site-config/sections/${id}.json`;
}
