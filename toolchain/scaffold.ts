import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { listPageFiles } from "../contract/content.server.ts";
import { catalogueError, scaffoldErrors } from "../contract/errors.ts";
import { ROOT } from "./paths.ts";
import { SLUG_PATTERN, siblingPath } from "./slugs.ts";

export const TEMPLATES_DIR = path.join(ROOT, "toolchain", "templates");

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
  for (const other of listPageFiles(pagesDir)) {
    const otherPath = (JSON.parse(fs.readFileSync(other, "utf8")) as { path?: unknown }).path;
    if (otherPath === pagePath)
      throw catalogueError(scaffoldErrors.pathUsed, { path: String(pagePath), file: named(other) });
  }
}

/** Writes a new page document, never over a file, formatted as Prettier would so that it passes `npm run lint`. */
async function writePage(file: string, document: { $schema?: string }, configDir: string) {
  // The same relative path the validator expects, so editors find the schema from wherever the file sits.
  const schema = path.join(path.dirname(configDir), "schemas", "page.schema.json");
  document.$schema = path.relative(path.dirname(file), schema).split(path.sep).join("/");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = await prettier.format(JSON.stringify(document), {
    ...(await prettier.resolveConfig(path.join(ROOT, "package.json"))),
    filepath: file,
  });
  fs.writeFileSync(file, text, { flag: "wx" });
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
  }) as { $schema: string; path: string };
  checkFree(file, document.path, pagesDir);
  await writePage(file, document, configDir);
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
  const document = JSON.parse(fs.readFileSync(source, "utf8")) as { $schema?: string; path?: unknown };
  const pagePath = siblingPath(typeof document.path === "string" ? document.path : "/", slug);
  const file = path.join(path.dirname(source), `${slug}.json`);
  checkFree(file, pagePath, path.join(configDir, "pages"));
  document.path = pagePath;
  await writePage(file, document, configDir);
  return { file, pagePath };
}
