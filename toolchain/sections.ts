/**
 * What the tools do with shared sections (docs/sections.md), for `npm run sections` and the page editor: where each is
 * used, which pages a deletion would break, and renaming one with every reference to it.
 */
import path from "node:path";
import type { JSONPath } from "jsonc-parser";
import type prettier from "prettier";
import {
  type ContentFile,
  parsedDocument,
  placedSectionFiles,
  readContentFiles,
  sectionDocuments,
  sectionFile,
} from "../contract/content.server.ts";
import { catalogueError, sectionLines } from "../contract/errors.ts";
import { type PageUsing, isSectionRef, sectionIdOf, sectionUsage } from "../contract/sections.ts";
import { type FilePlan, applyFilePlan, setValues } from "./json-edits.ts";

/** A section's id: the name of its file, lower case words joined by hyphens (as the reference's schema requires). */
const SECTION_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface SectionListing {
  id: string;
  name: string;
  /** For a locale's own version of a section (site-config/locales/<code>/sections/), the locale's code. */
  locale?: string;
  /** The section's file, relative to the folder that holds site-config/. */
  file: string;
  /** The pages that place it, directly or through other sections, each as "<path>  (<file>)". */
  pages: string[];
}

const named = (configDir: string, file: string) =>
  path.relative(path.dirname(configDir), file).split(path.sep).join("/");

const pageDocuments = (pages: readonly ContentFile[], parse: (file: ContentFile) => unknown) =>
  pages.map((page) => ({ file: page.file, document: parse(page) }));

/**
 * Every section file of `configDir` (the source's, then each locale's own versions, `locale` naming the locale) with
 * the pages of every locale that place it: a locale's page places the locale's own version of a section where there is
 * one, else the source's. `usage` is by the section's file; `pages` are every locale's page files. A caller that has
 * read the files already passes them (`read`), and one that keeps what it parsed of each page, its `parse`: of a page it
 * needs `path` and the section references among its `blocks`.
 */
export function sectionPlacements(
  configDir: string,
  {
    read = readContentFiles(configDir),
    parse = parsedDocument,
  }: { read?: ReturnType<typeof readContentFiles>; parse?: (file: ContentFile) => unknown } = {},
) {
  const files = [
    ...read.sections.map((file) => ({ ...file, locale: undefined as string | undefined })),
    ...read.locales.flatMap(({ code, sections }) => sections.map((file) => ({ ...file, locale: code }))),
  ];
  const usage = new Map<string, PageUsing[]>(files.map(({ file }) => [file, []]));
  const groups = [
    { pages: read.pages, placed: read.sections },
    ...read.locales.map((locale) => ({
      pages: locale.pages,
      placed: placedSectionFiles(read.sections, locale.sections),
    })),
  ];
  for (const { pages, placed } of groups) {
    const fileOf = new Map(placed.map(({ file }) => [sectionIdOf(file), file]));
    for (const [id, using] of sectionUsage(pageDocuments(pages, parse), sectionDocuments(placed))) {
      const file = fileOf.get(id) ?? sectionFile(id, configDir);
      usage.set(file, [...(usage.get(file) ?? []), ...using]);
    }
  }
  return { files, usage, pages: groups.flatMap((group) => group.pages) };
}

/** Every section of `configDir`, and every locale's own version of one, with the pages that place it. */
export function listSections(configDir: string): SectionListing[] {
  const { files, usage } = sectionPlacements(configDir);
  return files.map(({ file, text, locale }) => {
    const name = (parsedDocument({ file, text }) as { name?: unknown } | undefined)?.name;
    return {
      id: sectionIdOf(file),
      name: typeof name === "string" ? name : "",
      ...(locale !== undefined && { locale }),
      file: named(configDir, file),
      pages: (usage.get(file) ?? []).map((page) => `${page.path ?? "?"}  (${named(configDir, page.file)})`),
    };
  });
}

/**
 * The pages (their files, relative to the folder of site-config/) that deleting section `id` would break: the pages of
 * every locale that place it, the source's version or a locale's own.
 */
export function pagesPlacing(configDir: string, id: string): string[] {
  const { usage } = sectionPlacements(configDir);
  return [...usage]
    .filter(([file]) => sectionIdOf(file) === id)
    .flatMap(([, using]) => using.map((page) => named(configDir, page.file)))
    .sort();
}

/** The locales' own versions of section `id` (absolute files), which go with it when it is renamed or deleted. */
export function localeVersions(configDir: string, id: string): string[] {
  return readContentFiles(configDir)
    .locales.flatMap((locale) => locale.sections)
    .map(({ file }) => file)
    .filter((file) => sectionIdOf(file) === id);
}

/**
 * A rename, computed before anything is written: the section's file now and after the rename (absolute), then each
 * locale's own version of it, move; every page or section file whose references change gets its new text.
 */
export interface RenamePlan extends FilePlan {
  from: string;
  to: string;
}

/**
 * Renames section `from` to `to`: its file, and the `section` of every reference to it in the pages and the other
 * sections, each file otherwise as it was (only the id's text changes, then the file is formatted as Prettier does).
 * Refuses a name that is no id, a section that does not exist and an id already taken (SEC103–SEC105).
 */
export async function planRename(
  configDir: string,
  from: string,
  to: string,
  prettierOptions: (file: string) => prettier.Options,
): Promise<RenamePlan> {
  const { pages, sections, locales } = readContentFiles(configDir);
  const known = sections.map(({ file }) => sectionIdOf(file));
  if (!SECTION_ID.test(to)) throw catalogueError(sectionLines.badId, { section: to });
  if (!known.includes(from)) throw catalogueError(sectionLines.renameUnknown, { section: from, known });
  const localeIds = locales.flatMap((locale) => locale.sections.map(({ file }) => sectionIdOf(file)));
  if (known.includes(to) || localeIds.includes(to)) throw catalogueError(sectionLines.renameTaken, { section: to });
  const edits: RenamePlan["edits"] = [];
  const localeFiles = locales.flatMap((locale) => [...locale.pages, ...locale.sections]);
  for (const { file, text } of [...pages, ...sections, ...localeFiles]) {
    const blocks = (parsedDocument({ file, text }) as { blocks?: unknown } | undefined)?.blocks;
    if (text === null || !Array.isArray(blocks)) continue;
    const references: JSONPath[] = [];
    blocks.forEach((block, index) => {
      if (isSectionRef(block) && block.section === from) references.push(["blocks", index, "section"]);
    });
    if (references.length) edits.push({ file, text: await setValues(text, references, to, prettierOptions(file)) });
  }
  const moves = [
    { from: sectionFile(from, configDir), to: sectionFile(to, configDir) },
    ...localeVersions(configDir, from).map((file) => ({ from: file, to: path.join(path.dirname(file), `${to}.json`) })),
  ];
  return { from, to, moves, edits };
}

/** Writes a rename: the references first, then the section's files under their new name (their own edits included). */
export const applyRename: (plan: RenamePlan) => void = applyFilePlan;
