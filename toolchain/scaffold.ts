import fs from "node:fs";
import path from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import prettier from "prettier";
import { loadSections, parsedDocument, readContentFiles } from "../contract/content.server.ts";
import { catalogueError, scaffoldErrors } from "../contract/errors.ts";
import { isSectionRef } from "../contract/sections.ts";
import { formatJsonFile } from "./format-json.ts";
import { templatesDir } from "./page-templates.ts";
import { ROOT } from "./paths.ts";
import { SLUG_PATTERN, siblingPath } from "./slugs.ts";

export const TEMPLATES_DIR = templatesDir(ROOT);

/** Where each template's pages live under site-config/pages/. */
const FOLDERS: Record<string, string> = { industry: "industries" };

export const templateNames = () =>
  fs
    .readdirSync(TEMPLATES_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""))
    .sort();

export interface ScaffoldRequest {
  template: string;
  slug: string;
  name: string;
  configDir: string;
}

export interface ScaffoldResult {
  file: string;
  pagePath: string;
}

function fill(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? "");
  if (Array.isArray(value)) return value.map((item) => fill(item, vars));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

/**
 * A name as it reads inside a sentence: "Travel Insurance" in a menu, "AI agents for travel insurance" in a title.
 * Words written in capitals throughout (FCA, UK) are acronyms and keep them.
 */
export const inSentence = (name: string) =>
  name.replace(/\p{L}[\p{L}\p{N}'’]*/gu, (word) =>
    word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase(),
  );

/**
 * Refuses a page file that exists, or an address that another page already has: a new page never replaces one. Files
 * are named from the project's folder (site-config/pages/…), wherever the command or the editor runs.
 */
function checkFree(file: string, pagePath: unknown, pagesDir: string) {
  const named = (page: string) => path.relative(path.dirname(path.dirname(pagesDir)), page);
  if (fs.existsSync(file)) throw catalogueError(scaffoldErrors.fileExists, { file: named(file) });
  for (const other of readContentFiles(path.dirname(pagesDir)).pages) {
    const otherPath = (parsedDocument(other) as { path?: unknown } | undefined)?.path;
    if (otherPath === pagePath)
      throw catalogueError(scaffoldErrors.pathUsed, { path: String(pagePath), file: named(other.file) });
  }
}

/**
 * A template's blocks as the site can place them: a template ends with the shared section the site's pages close with
 * (`closing`), and a site that has no such section gets the call-to-action block it stands for instead.
 */
function placeableSections(blocks: unknown[], configDir: string): unknown[] {
  const held = loadSections(configDir).documents;
  return blocks.map((block) => (isSectionRef(block) && !held.has(block.section) ? { type: "call-to-action" } : block));
}

const EDIT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

/**
 * Writes a new page document, never over a file, in the repository's format: the text as given (a template's written
 * out two spaces to a level, a duplicated page's as its source holds it) with its `$schema` (first) and `path` set,
 * formatted as the editor's save and `npm run migrate` format a page, so that the first save or migration of the page
 * changes no line it does not edit, and `npm run lint`'s Prettier check passes.
 */
async function writePage(file: string, text: string, pagePath: string, configDir: string) {
  // The same relative path the validator expects, so editors find the schema from wherever the file sits.
  const schema = path.join(path.dirname(configDir), "schemas", "page.schema.json");
  const $schema = path.relative(path.dirname(file), schema).split(path.sep).join("/");
  let edited = applyEdits(text, modify(text, ["$schema"], $schema, { ...EDIT, getInsertionIndex: () => 0 }));
  edited = applyEdits(edited, modify(edited, ["path"], pagePath, EDIT));
  const formatted = await formatJsonFile(edited, {
    ...(await prettier.resolveConfig(path.join(ROOT, "package.json"))),
    filepath: file,
  });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, formatted, { flag: "wx" });
}

/** Writes a new page document from a template, refusing a slug, file or path that is taken. */
export async function scaffoldPage({ template, slug, name, configDir }: ScaffoldRequest): Promise<ScaffoldResult> {
  const templates = templateNames();
  if (!templates.includes(template)) throw catalogueError(scaffoldErrors.unknownTemplate, { template, templates });
  if (!SLUG_PATTERN.test(slug)) throw catalogueError(scaffoldErrors.badSlug, { slug });
  const trimmed = name.trim();
  if (trimmed.length < 3 || trimmed.length > 40) throw catalogueError(scaffoldErrors.badName);

  const pagesDir = path.join(configDir, "pages");
  const folder = FOLDERS[template];
  const file = path.join(pagesDir, ...(folder ? [folder] : []), `${slug}.json`);
  const document = fill(JSON.parse(fs.readFileSync(path.join(TEMPLATES_DIR, `${template}.json`), "utf8")), {
    slug,
    name: trimmed,
    nameInSentence: inSentence(trimmed),
  }) as { $schema: string; path: string; blocks?: unknown[] };
  document.blocks = placeableSections(document.blocks ?? [], configDir);
  checkFree(file, document.path, pagesDir);
  await writePage(file, JSON.stringify(document, null, 2), document.path, configDir);
  return { file, pagePath: document.path };
}

/**
 * Copies a page document (the file `source`) to a new page beside it: the file `<slug>.json` in the same folder, at the
 * address beside the source's, with the same refusals as a page made from a template.
 */
export async function duplicatePage({
  source,
  slug,
  configDir,
}: {
  source: string;
  slug: string;
  configDir: string;
}): Promise<ScaffoldResult> {
  if (!SLUG_PATTERN.test(slug)) throw catalogueError(scaffoldErrors.badSlug, { slug });
  const text = fs.readFileSync(source, "utf8");
  const document = JSON.parse(text) as { path?: unknown };
  const pagePath = siblingPath(typeof document.path === "string" ? document.path : "/", slug);
  const file = path.join(path.dirname(source), `${slug}.json`);
  checkFree(file, pagePath, path.join(configDir, "pages"));
  await writePage(file, text, pagePath, configDir);
  return { file, pagePath };
}
