import fs from "node:fs";
import path from "node:path";
import { readContentFiles } from "../../contract/content.server.ts";
import { framingFiles } from "../../contract/media-framing.server.ts";
import { REDIRECTS_FILE } from "../../contract/redirects.ts";
import { type LocalesOfSite, type SiteLocale, siteLocales } from "../../contract/locales.ts";
import type { Validators } from "../../contract/schemas.server.ts";
import { isSectionRef, sectionsPlaced } from "../../contract/sections.ts";
import type { PageEntry, PageLike, ValidationContext } from "./context.ts";
import { type SectionSet, asWritten, place } from "./placing.ts";
import type { Problem } from "./problems.ts";
import { readLocaleFolders } from "./read-locale-folders.ts";
import { readSections } from "./read-sections.ts";
import { type Reading, readSource } from "./read-source.ts";
import { routeTable } from "./routes.ts";
import { withUnwritten } from "./unwritten.ts";

export interface ContentInput {
  configDir: string;
  publicDir: string;
  validators: Validators;
  /** Texts to check instead of what is on disk, by absolute file name (the editor's unsaved documents). */
  overrides?: ReadonlyMap<string, string>;
}

/**
 * Reads site.json, the shared sections, each declared locale's folder and every page as the content loader does, into
 * what the checks read; the problems are the syntax errors of the files that are not JSON, which nothing else judges.
 */
export function readContent(input: ContentInput): { context: ValidationContext; problems: Problem[] } {
  const { configDir, publicDir, validators, overrides } = input;
  // Files are named from the folder that holds site-config/ and schemas/, as a marketer sees them.
  const projectDir = path.dirname(configDir);
  const relative = (file: string) => path.relative(projectDir, file).split(path.sep).join("/");
  const reading: Reading = { validators, overrides, relative, sources: [], problems: [] };

  const site = readSource(reading, path.join(configDir, "site.json"), "site");
  const locales = siteLocales((site?.value ?? {}) as LocalesOfSite) as [SiteLocale, ...SiteLocale[]];
  const [defaultLocale] = locales;
  const files = withUnwritten(readContentFiles(configDir), configDir, overrides);
  const source = readSections(reading, files.sections, defaultLocale);
  const folders = readLocaleFolders(reading, files.locales, locales, source.sections);
  const sectionsOf = (locale: SiteLocale) => folders.sections.get(locale.code) ?? source.sections;
  const pageFiles = [...files.pages.map(({ file }) => ({ file, locale: defaultLocale })), ...folders.pageFiles];
  const pages = readPages(reading, pageFiles, sectionsOf);
  for (const file of framingFiles(configDir)) readSource(reading, file, "framing");
  const redirectsFile = path.join(configDir, REDIRECTS_FILE);
  // Optional: a site without the file has no redirects.
  const redirects =
    overrides?.has(redirectsFile) || fs.existsSync(redirectsFile)
      ? readSource(reading, redirectsFile, "redirects")
      : undefined;

  const context: ValidationContext = {
    validators,
    projectDir,
    configDir,
    publicDir,
    relative,
    sources: reading.sources,
    site,
    locales,
    undeclaredFolders: folders.undeclared,
    localeSites: folders.sites,
    withOwnChrome: folders.withOwnChrome,
    sectionFiles: [...source.files, ...folders.sectionFiles],
    sectionsOf,
    pages,
    routes: routeTable(locales, pages),
    redirects,
  };
  return { context, problems: reading.problems };
}

/** Every page, read and its sections placed with those of its locale. */
function readPages(
  reading: Reading,
  files: readonly { file: string; locale: SiteLocale }[],
  sectionsOf: (locale: SiteLocale) => SectionSet,
): PageEntry[] {
  const pages: PageEntry[] = [];
  for (const { file, locale } of files) {
    const source = readSource(reading, file, "page");
    if (!source) continue;
    const written = (source.value ?? {}) as PageLike;
    // Shared sections are expanded from their files as written: the content loader expands them before defaults too.
    const asIs = asWritten(source).blocks;
    const sections = sectionsOf(locale);
    const placing = place(sections, reading.validators, source, undefined, asIs);
    const { blocks, problems: unplaced } = placing.expanded;
    const page = Array.isArray(written.blocks) ? { ...written, blocks } : written;
    // A page that ends with a section it cannot place does not show what it ends with: that problem is said already.
    const endsUnknown = unplaced.length > 0 && Array.isArray(asIs) && isSectionRef(asIs.at(-1));
    pages.push({ source, page, placing, placed: sectionsPlaced(asIs, sections.docs), endsUnknown, locale });
  }
  return pages;
}
