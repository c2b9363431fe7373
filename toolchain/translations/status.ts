/**
 * Each source page's status in each locale, read from git (docs/translations.md): missing (no translation file),
 * outdated (the source's words differ from their version at the translation's last commit, uncommitted changes
 * included, in the fields it names) or up to date. A translation not committed yet counts as written from the source as it is.
 */
import path from "node:path";
import { catalogueError, translationMessages, type WhenMissing } from "../../contract/errors.ts";
import { type BlockLabel, describeChanges } from "../changes-in-words.ts";
import { git, nulFields, readObjects, resolveCommit } from "../git-read.ts";
import type { SchemaFiles } from "../../contract/schema-tree.ts";
import { type PageFile, readLocales, sourcePages, translationFileOf, translationsOf } from "./locale-files.ts";
import { changedWords } from "./words.ts";

export type TranslationState = "missing" | "outdated" | "up-to-date";

/** A place in a file: where an annotation goes. */
export interface FilePlace {
  /** Relative to the project's folder, with forward slashes. */
  file: string;
  line: number;
  column: number;
  endColumn: number;
}

export interface SourceCommit {
  commit: string;
  date: string;
  subject: string;
}

export interface TranslationStatus {
  locale: string;
  state: TranslationState;
  /** The source page: its path, and its file at the line of its `path`. */
  source: FilePlace & { path: string };
  /**
   * The translation's file (where a missing one goes) at the line of its `translationOf`, its path, and its last
   * commit (none while it is not committed).
   */
  translation: FilePlace & { path?: string; lastCommit?: { commit: string; date: string } };
  /** The source's fields changed since the translation's last commit, in the editor's words (outdated only). */
  changed: string[];
  /** The source's commits since the translation's last commit (outdated only), newest first. */
  sourceCommits: SourceCommit[];
  /** The source's file has changes not committed yet, which the comparison includes (outdated only). */
  sourceUncommitted: boolean;
  whenMissing: WhenMissing;
}

export interface LocaleStatus {
  code: string;
  name: string;
  prefix: string;
  whenMissing: WhenMissing;
  pages: number;
  upToDate: number;
  outdated: number;
  missing: number;
}

export interface TranslationReport {
  defaultLocale: string;
  locales: LocaleStatus[];
  /** Every source page in every locale reported, by locale, then by the source's file. */
  translations: TranslationStatus[];
}

export interface StatusOptions {
  /** The project's folder, inside a git checkout. */
  cwd: string;
  /** Its site-config/ (default: `<cwd>/site-config`). */
  configDir?: string;
  /** The block types' labels, which name the changed fields. */
  blocks: readonly BlockLabel[];
  /** The project's schemas, which say which of the source's fields hold words to translate. */
  schemas: SchemaFiles;
  /** Only this locale (default: every locale besides the default one). */
  locale?: string;
}

/** The place of a top-level key's line in a JSON text ("path", "translationOf"), or the first line without one. */
function placeOfKey(text: string, key: string): { line: number; column: number; endColumn: number } {
  const lines = text.split("\n");
  const index = lines.findIndex((line) => line.trimStart().startsWith(`"${key}"`));
  if (index < 0) return { line: 1, column: 1, endColumn: (lines[0]?.length ?? 0) + 1 };
  const line = lines[index]!;
  const column = line.length - line.trimStart().length + 1;
  return { line: index + 1, column, endColumn: line.trimEnd().length + 1 };
}

/** The last commit of each file under `folder` (paths from the repository's root), in one walk of the history. */
function lastCommits(cwd: string, folder: string): Map<string, { commit: string; date: string }> {
  const out = new Map<string, { commit: string; date: string }>();
  const log = git(cwd, ["log", "-z", "--no-renames", "--name-only", "--format=%x01%h %cs", "--", folder]);
  let current: { commit: string; date: string } | undefined;
  for (const field of nulFields(log)) {
    // -z ends a commit's header with a NUL and separates its files with NULs; the next header follows a newline.
    for (const part of field.split("\n")) {
      if (part.startsWith("\u0001")) {
        const [commit, date] = part.slice(1).split(" ");
        current = { commit: commit!, date: date! };
      } else if (part && current && !out.has(part)) out.set(part, current);
    }
  }
  return out;
}

function sourceCommitsSince(cwd: string, commit: string, file: string): SourceCommit[] {
  const log = git(cwd, ["log", "-z", "--format=%h%x00%cs%x00%s", `${commit}..HEAD`, "--", file]);
  const fields = log.split("\0").map((field) => field.replace(/^\n/, ""));
  const out: SourceCommit[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3)
    out.push({ commit: fields[i]!, date: fields[i + 1]!, subject: fields[i + 2]! });
  return out;
}

/** Every source page's status in each locale; TR006 for a locale asked that site.json does not list, TR007 on a shallow clone. */
export function translationStatus(options: StatusOptions): TranslationReport {
  const { cwd, blocks } = options;
  const words = changedWords(options.schemas);
  const configDir = options.configDir ?? path.join(cwd, "site-config");
  const declared = readLocales(configDir);
  const locales = (declared?.translated ?? []).filter((locale) => !options.locale || locale.code === options.locale);
  if (options.locale && locales.length === 0)
    throw catalogueError(translationMessages.unknownLocale, {
      locale: options.locale,
      locales: (declared?.translated ?? []).map((locale) => locale.code),
    });
  const report: TranslationReport = {
    defaultLocale: declared?.defaultLocale ?? "en-GB",
    locales: [],
    translations: [],
  };
  if (locales.length === 0) return report;
  if (git(cwd, ["rev-parse", "--is-shallow-repository"]).trim() === "true")
    throw catalogueError(translationMessages.shallowHistory);

  const fromProject = (file: string) => path.relative(cwd, path.join(configDir, file)).split(path.sep).join("/");
  const repoPrefix = git(cwd, ["rev-parse", "--show-prefix"]).trim();
  const committed = hasCommits(cwd) ? lastCommits(cwd, fromProject("locales")) : new Map<string, never>();
  const sources = sourcePages(configDir).filter((source): source is PageFile & { path: string } => !!source.path);

  const pairs = locales.flatMap((locale) => {
    const translations = translationsOf(configDir, locale.code, sources);
    return sources.map((source) => {
      const translation = translations.get(source.file);
      const lastCommit = translation && committed.get(`${repoPrefix}${fromProject(translation.file)}`);
      return { locale, source, translation, lastCommit };
    });
  });
  const objectName = (commit: string, source: PageFile) => `${commit}:${repoPrefix}${fromProject(source.file)}`;
  const texts = readObjects(
    cwd,
    pairs.flatMap(({ source, lastCommit }) =>
      lastCommit ? [objectName(lastCommit.commit, source), objectName("HEAD", source)] : [],
    ),
  );

  for (const { locale, source, translation, lastCommit } of pairs) {
    const translationFile = fromProject(translation?.file ?? translationFileOf(locale.code, source));
    const before = lastCommit && texts.get(objectName(lastCommit.commit, source));
    const outdated = lastCommit !== undefined && before !== source.text;
    // Only words are translated: a link, an image or a block becoming a shared section's reference leaves none.
    const changed = outdated ? describeChanges(before, source.text, blocks, words) : [];
    // A change of formatting alone (the same fields, written otherwise) leaves nothing to translate.
    const comparable = outdated && before !== undefined && isJson(before) && isJson(source.text);
    const state: TranslationState = !translation
      ? "missing"
      : outdated && (changed.length > 0 || !comparable)
        ? "outdated"
        : "up-to-date";
    report.translations.push({
      locale: locale.code,
      state,
      source: { file: fromProject(source.file), path: source.path, ...placeOfKey(source.text, "path") },
      translation: {
        file: translationFile,
        ...(translation ? placeOfKey(translation.text, "translationOf") : { line: 1, column: 1, endColumn: 1 }),
        ...(translation?.path ? { path: translation.path } : {}),
        ...(lastCommit ? { lastCommit } : {}),
      },
      changed: state === "outdated" ? changed : [],
      sourceCommits: state === "outdated" ? sourceCommitsSince(cwd, lastCommit!.commit, fromProject(source.file)) : [],
      sourceUncommitted: state === "outdated" && texts.get(objectName("HEAD", source)) !== source.text,
      whenMissing: locale.whenMissing,
    });
  }
  for (const locale of locales) {
    const mine = report.translations.filter((status) => status.locale === locale.code);
    const count = (state: TranslationState) => mine.filter((status) => status.state === state).length;
    report.locales.push({
      code: locale.code,
      name: locale.name,
      prefix: locale.prefix,
      whenMissing: locale.whenMissing,
      pages: mine.length,
      upToDate: count("up-to-date"),
      outdated: count("outdated"),
      missing: count("missing"),
    });
  }
  return report;
}

function hasCommits(cwd: string): boolean {
  try {
    resolveCommit(cwd, "HEAD");
    return true;
  } catch {
    return false;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
