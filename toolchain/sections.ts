/**
 * What the tools do with shared sections (docs/sections.md), for `npm run sections` and the page editor: where each is
 * used, which pages a deletion would break, and renaming one with every reference to it.
 */
import fs from "node:fs";
import path from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import type prettier from "prettier";
import {
  type ContentFile,
  parsedDocument,
  readContentFiles,
  sectionDocuments,
  sectionFile,
} from "../contract/content.server.ts";
import { catalogueError, sectionLines } from "../contract/errors.ts";
import { isSectionRef, sectionIdOf, sectionUsage } from "../contract/sections.ts";
import { formatJsonFile } from "./format-json.ts";

/** A section's id: the name of its file, lower case words joined by hyphens (as the reference's schema requires). */
const SECTION_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface SectionListing {
  id: string;
  name: string;
  /** The section's file, relative to the folder that holds site-config/. */
  file: string;
  /** The pages that place it, directly or through other sections, each as "<path>  (<file>)". */
  pages: string[];
}

const named = (configDir: string, file: string) =>
  path.relative(path.dirname(configDir), file).split(path.sep).join("/");

const pageDocuments = (pages: readonly ContentFile[]) =>
  pages.map((page) => ({ file: page.file, document: parsedDocument(page) }));

/** Every section of `configDir` with the pages that place it, by id. */
export function listSections(configDir: string): SectionListing[] {
  const { pages, sections } = readContentFiles(configDir);
  const docs = sectionDocuments(sections);
  const usage = sectionUsage(pageDocuments(pages), docs);
  return sections.map(({ file }) => {
    const id = sectionIdOf(file);
    const name = docs.get(id)?.name;
    return {
      id,
      name: typeof name === "string" ? name : "",
      file: named(configDir, file),
      pages: (usage.get(id) ?? []).map((page) => `${page.path ?? "?"}  (${named(configDir, page.file)})`),
    };
  });
}

/** The pages (their files, relative to the folder of site-config/) that deleting section `id` would break. */
export function pagesPlacing(configDir: string, id: string): string[] {
  const { pages, sections } = readContentFiles(configDir);
  const usage = sectionUsage(pageDocuments(pages), sectionDocuments(sections));
  return (usage.get(id) ?? []).map((page) => named(configDir, page.file));
}

/** A rename, computed before anything is written: the section's file moves, and these files' texts change. */
export interface RenamePlan {
  from: string;
  to: string;
  /** The section's file now and after the rename (absolute). */
  moves: { from: string; to: string };
  /** Every page or section file whose references change, with its new text (absolute file names). */
  edits: { file: string; text: string }[];
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
  const { pages, sections } = readContentFiles(configDir);
  const known = sections.map(({ file }) => sectionIdOf(file));
  if (!SECTION_ID.test(to)) throw catalogueError(sectionLines.badId, { section: to });
  if (!known.includes(from)) throw catalogueError(sectionLines.renameUnknown, { section: from, known });
  if (known.includes(to)) throw catalogueError(sectionLines.renameTaken, { section: to });
  const edits: RenamePlan["edits"] = [];
  for (const { file, text } of [...pages, ...sections]) {
    const blocks = (parsedDocument({ file, text }) as { blocks?: unknown } | undefined)?.blocks;
    if (text === null || !Array.isArray(blocks)) continue;
    let next = text;
    blocks.forEach((block, index) => {
      if (isSectionRef(block) && block.section === from)
        next = applyEdits(next, modify(next, ["blocks", index, "section"], to, {}));
    });
    if (next !== text) edits.push({ file, text: await formatJsonFile(next, prettierOptions(file)) });
  }
  return { from, to, moves: { from: sectionFile(from, configDir), to: sectionFile(to, configDir) }, edits };
}

/** Writes a rename: the references first, then the section's file under its new name (its own edits included). */
export function applyRename(plan: RenamePlan): void {
  const own = plan.edits.find((edit) => edit.file === plan.moves.from);
  for (const edit of plan.edits) if (edit !== own) fs.writeFileSync(edit.file, edit.text);
  fs.writeFileSync(plan.moves.to, own?.text ?? fs.readFileSync(plan.moves.from, "utf8"));
  fs.rmSync(plan.moves.from);
}
