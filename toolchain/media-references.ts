/**
 * Where the content names files of public/media/ (docs/media.md): the pages and shared sections of every locale that
 * hold a file's address as a value, which a deletion would break and a rename must change.
 */
import type { JSONPath } from "jsonc-parser";
import type prettier from "prettier";
import { type ContentFile, parsedDocument, readContentFiles } from "../contract/content.server.ts";
import { sectionIdOf } from "../contract/sections.ts";
import { type FilePlan, setValues } from "./json-edits.ts";

const MEDIA_PREFIX = "/media/";

/** A page or shared section that names a file: its file (absolute), its address or `section:<id>`, and its title. */
export interface MediaUse {
  file: string;
  path: string;
  title: string;
}

interface ContentDocument extends ContentFile {
  document: unknown;
  use: MediaUse;
}

/** Every page and shared section of every locale, parsed, with how a list of uses names it; unreadable files left out. */
function contentDocuments(configDir: string): ContentDocument[] {
  const read = readContentFiles(configDir);
  const pages = [read.pages, ...read.locales.map((locale) => locale.pages)].flat();
  const sections = [read.sections, ...read.locales.map((locale) => locale.sections)].flat();
  const parsed = (files: ContentFile[], useOf: (file: string, document: Record<string, unknown>) => MediaUse) =>
    files.flatMap((file) => {
      const document = parsedDocument(file);
      if (typeof document !== "object" || document === null) return [];
      return [{ ...file, document, use: useOf(file.file, document as Record<string, unknown>) }];
    });
  const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
  return [
    ...parsed(pages, (file, page) => ({ file, path: text(page.path, ""), title: text(page.title, "") })),
    ...parsed(sections, (file, section) => {
      const id = sectionIdOf(file);
      return { file, path: `section:${id}`, title: text(section.name, id) };
    }),
  ];
}

/** Calls `visit` with every string value of a parsed document and its path (object keys are names, not values). */
export function visitStrings(value: unknown, visit: (at: JSONPath, text: string) => void, at: JSONPath = []): void {
  if (typeof value === "string") visit(at, value);
  else if (Array.isArray(value)) value.forEach((item, index) => visitStrings(item, visit, [...at, index]));
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) visitStrings(item, visit, [...at, key]);
}

/**
 * Every file address under /media/ that a page or section of any locale holds as a whole value, with the pages and
 * sections holding it (each once, pages first, in the content's order). A text that only mentions an address is no use.
 */
export function mediaUses(configDir: string): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>();
  for (const { document, use } of contentDocuments(configDir))
    visitStrings(document, (_at, text) => {
      if (!text.startsWith(MEDIA_PREFIX)) return;
      const found = uses.get(text) ?? [];
      if (!found.includes(use)) found.push(use);
      uses.set(text, found);
    });
  return uses;
}

/**
 * The edits that make every page and section naming `from` name `to` instead, each file otherwise as it was (only the
 * value's text changes, then the file is formatted as the repository formats JSON). Nothing is written.
 */
export async function planReferenceRename(
  configDir: string,
  from: string,
  to: string,
  prettierOptions: (file: string) => prettier.Options,
): Promise<FilePlan["edits"]> {
  const edits: FilePlan["edits"] = [];
  for (const { file, text, document } of contentDocuments(configDir)) {
    const references: JSONPath[] = [];
    visitStrings(document, (at, value) => {
      if (value === from) references.push(at);
    });
    if (text !== null && references.length)
      edits.push({ file, text: await setValues(text, references, to, prettierOptions(file)) });
  }
  return edits;
}
