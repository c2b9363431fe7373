/**
 * What the editor knows of translations (docs/localisation.md): the site's locales, each locale's pages with their
 * status (`npm run translations`' own report), a translation's source, and a new translation made from its source.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { applyEdits, modify } from "jsonc-parser";
import {
  type AnyEntry,
  type ArgsOf,
  catalogueError,
  editorTranslationErrors,
  scaffoldErrors,
} from "../../contract/errors.ts";
import { type SiteLocale, siteLocales, underPrefix } from "../../contract/locales.ts";
import type { EditorTranslations, LocaleTranslation } from "../protocol.ts";
import { formatJsonFile } from "../../toolchain/format-json.ts";
import { sourcePages, translationsOf } from "../../toolchain/translations/locale-files.ts";
import { type TranslationStatus, translationStatus } from "../../toolchain/translations/status.ts";
import type { Project } from "./project.ts";
import { refused } from "./refusals.ts";
import { leftOutByTranslate, problemsOfUnwritten, withLinksInLocale } from "./translation-links.ts";

const ADDRESS = /^\/([a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*)?$/;

const readJson = async (file: string): Promise<Record<string, unknown> | undefined> => {
  try {
    const value = JSON.parse(await fs.readFile(file, "utf8")) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
};

/** The site's locales, the default one first, as site.json declares them (one, British English, when it declares none). */
export const localesOf = async (project: Project): Promise<SiteLocale[]> =>
  siteLocales((await readJson(path.join(project.configDir, "site.json"))) ?? {});

/** Each source page's status in each translated locale, by locale and source file; none outside a git checkout. */
function statuses(project: Project): Map<string, TranslationStatus> | undefined {
  try {
    const report = translationStatus({ cwd: project.projectDir, blocks: project.blocks, schemas: project.schemas });
    return new Map(report.translations.map((status) => [`${status.locale} ${status.source.file}`, status]));
  } catch {
    // Outside git (or on a shallow clone) the page list still lists the translations, with no state to tell.
    return undefined;
  }
}

/** The locales and, for each translated one, every source page's translation (or its absence) with its status. */
export async function translationOverview(project: Project): Promise<EditorTranslations> {
  const locales = await localesOf(project);
  const sources = sourcePages(project.configDir);
  const states = locales.length > 1 ? statuses(project) : undefined;
  const leftOutIn = leftOutByTranslate(project, locales);
  const translations: LocaleTranslation[] = [];
  for (const locale of locales.slice(1)) {
    const found = translationsOf(project.configDir, locale.code, sources);
    for (const source of sources) {
      if (!source.path) continue;
      const sourceFile = `site-config/${source.file}`;
      const translation = found.get(source.file);
      const status = states?.get(`${locale.code} ${sourceFile}`);
      const title = translation && (await readJson(path.join(project.configDir, translation.file)))?.title;
      const leftOut = translation ? [] : leftOutIn(locale.code, source);
      translations.push({
        locale: locale.code,
        source: sourceFile,
        ...(translation && {
          file: `site-config/${translation.file}`,
          path: translation.path ?? "",
          title: typeof title === "string" ? title : "",
        }),
        state: !translation ? "missing" : (status?.state ?? "unknown"),
        changed: status?.state === "outdated" ? status.changed : [],
        // What Translate would leave out, said before it writes anything.
        ...(leftOut.length > 0 && { leftOut }),
      });
    }
  }
  return {
    locales: locales.map(({ code, name, prefix, dir, isDefault }) => ({ code, name, prefix, dir, isDefault })),
    translations,
  };
}

/** The source page of a translation (its file under site-config/locales/), by its `translationOf`. */
export async function sourceOf(project: Project, file: string) {
  const match = /^site-config\/locales\/([^/]+)\/pages\//.exec(project.rel(file));
  const locales = await localesOf(project);
  const locale = match && locales.find((l) => l.code === match[1] && !l.isDefault);
  if (!locale) return undefined;
  const key = (await readJson(file))?.translationOf;
  const source = sourcePages(project.configDir).find((page) => page.path !== undefined && page.path === key);
  const value = source && (await readJson(path.join(project.configDir, source.file)));
  if (!source || !value) return undefined;
  const [own] = locales;
  return { file: `site-config/${source.file}`, language: own!.name, code: own!.code, value };
}

/** A refusal of "Translate", in the words of the entry that says why. */
const notCreated = <E extends AnyEntry>(reason: E, ...args: ArgsOf<E>) => {
  const error = catalogueError(reason, ...args);
  return refused(editorTranslationErrors.notCreated, { reason: error.message, code: error.code, hint: error.hint });
};

/** Every page's address in every locale, with its file: a translation's address must be free in all of them. */
async function addresses(project: Project): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // A folder that is not there holds no page.
  const entries = (dir: string, recursive: boolean) =>
    fs
      .readdir(dir, { withFileTypes: true, recursive })
      .catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? [] : Promise.reject(error)));
  const walk = async (dir: string) => {
    for (const entry of await entries(dir, true))
      if (entry.isFile() && entry.name.endsWith(".json")) {
        const file = path.join(entry.parentPath, entry.name);
        const pagePath = (await readJson(file))?.path;
        if (typeof pagePath === "string" && !out.has(pagePath)) out.set(pagePath, project.rel(file));
      }
  };
  await walk(path.join(project.configDir, "pages"));
  const localesDir = path.join(project.configDir, "locales");
  for (const code of await entries(localesDir, false))
    if (code.isDirectory()) await walk(path.join(localesDir, code.name, "pages"));
  return out;
}

export interface TranslateRequest {
  /** The source page's file, from the project's folder (site-config/pages/…). */
  file: string;
  locale: string;
  /** The translation's address, under the locale's prefix. */
  path: string;
}

/**
 * Writes a locale's translation of a source page: a copy of its document at the same relative file under
 * site-config/locales/<code>/pages/, with `translationOf` the source's path and its own address. Refused, in the
 * catalogue's words, for a locale the site does not translate into, a page that has a translation already, an address
 * outside the locale's prefix or another page's.
 */
export async function translatePage(project: Project, request: TranslateRequest) {
  const locales = await localesOf(project);
  const [, ...translated] = locales;
  const locale = translated.find((l) => l.code === request.locale);
  if (!locale)
    throw notCreated(editorTranslationErrors.unknownLocale, {
      locale: request.locale,
      locales: translated.map((l) => l.code),
    });
  const sourceFile = project.inside(["site-config/pages"], request.file);
  const relative = path.relative(path.join(project.configDir, "pages"), sourceFile).split(path.sep).join("/");
  const source = sourceFile.endsWith(".json") ? await readJson(sourceFile) : undefined;
  if (typeof source?.path !== "string")
    throw notCreated(editorTranslationErrors.notSource, { file: project.rel(sourceFile) });
  const existing = translationsOf(project.configDir, locale.code, sourcePages(project.configDir)).get(
    `pages/${relative}`,
  );
  if (existing)
    throw notCreated(editorTranslationErrors.alreadyTranslated, {
      locale: locale.name,
      file: `site-config/${existing.file}`,
    });
  const pagePath = request.path.trim();
  if (!ADDRESS.test(pagePath)) throw notCreated(editorTranslationErrors.badPath, { path: pagePath });
  if (!underPrefix(locale.prefix, pagePath))
    throw notCreated(editorTranslationErrors.outsidePrefix, {
      path: pagePath,
      prefix: locale.prefix,
      locale: locale.name,
    });
  const file = path.join(project.configDir, "locales", locale.code, "pages", relative);
  const taken = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (taken) throw notCreated(scaffoldErrors.fileExists, { file: project.rel(file) });
  const used = (await addresses(project)).get(pagePath);
  if (used) throw notCreated(scaffoldErrors.pathUsed, { path: pagePath, file: used });

  const text = await fs.readFile(sourceFile, "utf8");
  await writeTranslation(project, locales, file, { text, pagePath, key: source.path });
  return { file: project.rel(file), path: pagePath };
}

const EDIT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

/**
 * The source's text with its `$schema` found from the new place, its own `path` and `translationOf` after it, and its
 * links led into its locale, one of the site's `locales`.
 */
async function writeTranslation(
  project: Project,
  locales: readonly SiteLocale[],
  file: string,
  { text, pagePath, key }: { text: string; pagePath: string; key: string },
) {
  const schema = path.join(project.projectDir, "schemas", "page.schema.json");
  const $schema = path.relative(path.dirname(file), schema).split(path.sep).join("/");
  let edited = applyEdits(text, modify(text, ["$schema"], $schema, { ...EDIT, getInsertionIndex: () => 0 }));
  edited = applyEdits(edited, modify(edited, ["path"], pagePath, EDIT));
  edited = applyEdits(
    edited,
    modify(edited, ["translationOf"], key, {
      ...EDIT,
      getInsertionIndex: (properties) => properties.indexOf("path") + 1,
    }),
  );
  const formatted = await formatJsonFile(
    withLinksInLocale(project, locales, file, edited),
    project.prettierOptions(file),
  );
  // Never a page with problems: what it would have is said instead, and nothing is written.
  const problems = problemsOfUnwritten(project, file, formatted);
  if (problems.length > 0) throw notCreated(editorTranslationErrors.problems, { problems });
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(file, formatted, { flag: "wx" });
  } catch (error) {
    // Another tab made it since the check: never over a file.
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw notCreated(scaffoldErrors.fileExists, { file: project.rel(file) });
    throw error;
  }
}
