/**
 * What the editor lists of site-config/ (the pages, the shared sections with the pages that place them, each locale's
 * own sections), from one read of its files. A long-running editor is asked for these on every view of its page list
 * and after every save: each page is parsed once while its text stays the same (readContentFile keeps the text while
 * the file's size and modification time do), and the lists are made again only when some file's text changed.
 */
import path from "node:path";
import { type ContentFile, parsedDocument, readContentFiles, sectionDocuments } from "../../contract/content.server.ts";
import { type SectionDoc, isSectionRef, sectionIdOf } from "../../contract/sections.ts";
import { sectionPlacements } from "../../toolchain/sections.ts";
import type { PageSummary, SectionSummary } from "../protocol.ts";

export interface ContentLists {
  pages: PageSummary[];
  sectionList: SectionSummary[];
  /** Each locale's own versions of sections by id, which its pages place instead of the source's. */
  localeSections: Record<string, Record<string, SectionDoc>>;
}

/** What the lists need of one page file: its summary, and its path, title and section references for the sections'. */
interface PageFacts {
  text: string | null;
  summary: PageSummary;
  /** The page's document cut down to what sectionPlacements reads; none when the file is not JSON. */
  placing?: { path?: unknown; title?: unknown; blocks: unknown[] };
}

/** The order a visitor would list the site in: by path, so the home page '/' comes first; unreadable files last. */
const byAddress = (a: PageSummary, b: PageSummary) =>
  Number(!a.path) - Number(!b.path) || a.path.localeCompare(b.path) || a.file.localeCompare(b.file);

/** Every file's text of a read, in one order: the same texts (the very strings readContentFile kept) mean the same lists. */
const textsOf = (read: ReturnType<typeof readContentFiles>): (string | null)[] => [
  read.site.text,
  ...read.pages.map((file) => file.text),
  ...read.sections.map((file) => file.text),
  ...read.locales.flatMap((locale) => [
    locale.site.text,
    ...locale.pages.map((file) => file.text),
    ...locale.sections.map((file) => file.text),
  ]),
];
const filesOf = (read: ReturnType<typeof readContentFiles>): string[] => [
  read.site.file,
  ...read.pages.map((file) => file.file),
  ...read.sections.map((file) => file.file),
  ...read.locales.flatMap((locale) => [
    locale.site.file,
    ...locale.pages.map((file) => file.file),
    ...locale.sections.map((file) => file.file),
  ]),
];

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The lists of the project at `projectDir` (its site-config/), kept between calls as described above. */
export function contentLists(projectDir: string): () => ContentLists {
  const configDir = path.join(projectDir, "site-config");
  const rel = (file: string) => path.relative(projectDir, file).split(path.sep).join("/");
  let facts = new Map<string, PageFacts>();
  let last: { files: string[]; texts: (string | null)[]; lists: ContentLists } | undefined;

  const factsOf = (file: ContentFile): PageFacts => {
    const known = facts.get(file.file);
    if (known && known.text === file.text) return known;
    const page = parsedDocument(file) as
      { path?: string; title?: string; nav?: Record<string, unknown>; blocks?: { id?: string }[] } | undefined;
    const fresh: PageFacts = page
      ? {
          text: file.text,
          summary: {
            file: rel(file.file),
            path: page.path ?? "",
            title: page.title ?? "",
            // The page schema gives a menu entry this shape; a page that breaks it is listed and reported by validation.
            nav: (page.nav as PageSummary["nav"] | undefined) ?? null,
            anchors: (page.blocks ?? []).flatMap((block) => (typeof block?.id === "string" ? [block.id] : [])),
          },
          placing: {
            path: page.path,
            title: page.title,
            blocks: Array.isArray(page.blocks) ? page.blocks.filter(isSectionRef) : [],
          },
        }
      : {
          text: file.text,
          summary: { file: rel(file.file), path: "", title: "", nav: null, anchors: [], notJson: true },
        };
    facts.set(file.file, fresh);
    return fresh;
  };

  const sectionListOf = (read: ReturnType<typeof readContentFiles>): SectionSummary[] => {
    const { files, usage } = sectionPlacements(configDir, { read, parse: (file) => factsOf(file).placing });
    return files.flatMap(({ file, text, locale }) => {
      const doc = parsedDocument({ file, text }) as { name?: unknown } | undefined;
      if (!doc || typeof doc !== "object") return [];
      const id = sectionIdOf(file);
      return [
        {
          id,
          name: typeof doc.name === "string" ? doc.name : id,
          ...(locale !== undefined && { locale }),
          file: rel(file),
          pages: (usage.get(file) ?? []).map((page) => ({
            file: rel(page.file),
            path: page.path ?? "",
            title: String(facts.get(page.file)?.placing?.title ?? rel(page.file)),
          })),
        },
      ];
    });
  };

  return () => {
    const read = readContentFiles(configDir);
    const files = filesOf(read);
    const texts = textsOf(read);
    if (last && sameList(last.files, files) && sameList(last.texts, texts)) return last.lists;
    // The files read now are the only ones worth keeping: a deleted or renamed page's facts go.
    const kept = facts;
    facts = new Map();
    for (const file of [...read.pages, ...read.locales.flatMap((locale) => locale.pages)]) {
      const known = kept.get(file.file);
      if (known) facts.set(file.file, known);
    }
    const lists: ContentLists = {
      pages: read.pages.map((file) => factsOf(file).summary).sort(byAddress),
      sectionList: sectionListOf(read),
      localeSections: Object.fromEntries(
        read.locales
          .filter((locale) => locale.sections.length > 0)
          .map((locale) => [locale.code, Object.fromEntries(sectionDocuments(locale.sections))]),
      ),
    };
    last = { files, texts, lists };
    return lists;
  };
}
