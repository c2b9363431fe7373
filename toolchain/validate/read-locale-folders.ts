import type { LocaleFiles } from "../../contract/content.server.ts";
import type { SiteLocale } from "../../contract/locales.ts";
import type { SectionFile } from "./context.ts";
import type { SectionSet } from "./placing.ts";
import { readSections } from "./read-sections.ts";
import { type Reading, readSource } from "./read-source.ts";
import type { SourceFile } from "./source-file.ts";

export interface LocaleFolders {
  /** The folders of no declared locale, by code: nothing in them is read. */
  undeclared: string[];
  /** The locales' own chromes that could be read. */
  sites: { source: SourceFile; locale: SiteLocale }[];
  /** The locales whose folder has a site.json, read or not. */
  withOwnChrome: Set<string>;
  /** The sections each locale with sections of its own places, by its code. */
  sections: Map<string, SectionSet>;
  sectionFiles: SectionFile[];
  /** The locales' page files, to be read with the source's. */
  pageFiles: { file: string; locale: SiteLocale }[];
}

/** Each folder under locales/ of a locale site.json declares: its chrome and its sections read, its pages listed. */
export function readLocaleFolders(
  reading: Reading,
  folders: readonly LocaleFiles[],
  locales: readonly SiteLocale[],
  sourceSections: SectionSet,
): LocaleFolders {
  const read: LocaleFolders = {
    undeclared: [],
    sites: [],
    withOwnChrome: new Set(),
    sections: new Map(),
    sectionFiles: [],
    pageFiles: [],
  };
  for (const folder of folders) {
    const locale = locales.find((declared) => !declared.isDefault && declared.code === folder.code);
    if (!locale) {
      read.undeclared.push(folder.code);
      continue;
    }
    if (folder.site.text !== null) {
      read.withOwnChrome.add(locale.code);
      const source = readSource(reading, folder.site.file, "localeSite");
      if (source) read.sites.push({ source, locale });
    }
    if (folder.sections.length > 0) {
      const own = readSections(reading, folder.sections, locale, sourceSections);
      read.sections.set(locale.code, own.sections);
      read.sectionFiles.push(...own.files);
    }
    read.pageFiles.push(...folder.pages.map(({ file }) => ({ file, locale })));
  }
  return read;
}
