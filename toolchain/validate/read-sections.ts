import type { SiteLocale } from "../../contract/locales.ts";
import { sectionIdOf } from "../../contract/sections.ts";
import type { SectionFile } from "./context.ts";
import { type SectionSet, place, sectionSet } from "./placing.ts";
import { type Reading, readSource } from "./read-source.ts";
import type { SourceFile } from "./source-file.ts";

/**
 * The shared sections' files of `locale`, read and each placed: the source's, or with `source` (the source's sections)
 * a locale's own versions, which stand in for the source's on its pages.
 */
export function readSections(
  reading: Reading,
  files: readonly { file: string }[],
  locale: SiteLocale,
  source?: SectionSet,
): { sections: SectionSet; files: SectionFile[] } {
  const own = new Map<string, SourceFile>();
  for (const { file } of files) {
    const read = readSource(reading, file, "section");
    if (read) own.set(sectionIdOf(file), read);
  }
  const ids = [...new Set([...(source?.ids ?? []), ...files.map(({ file }) => sectionIdOf(file))])];
  const sections = sectionSet(new Map([...(source?.sources ?? []), ...own]), ids);
  const placed = [...own].map(([id, file]) => ({
    id,
    source: file,
    locale,
    placing: place(sections, reading.validators, file, id, sections.docs.get(id)!.blocks),
  }));
  return { sections, files: placed };
}
