/**
 * The locales of site.json and the page files of each, read by the layout of docs/translations.md: the source pages
 * under site-config/pages/, a locale's translations under site-config/locales/<code>/pages/ at the same relative file.
 * The translation status needs only this much, read leniently (a file that does not parse has no path or key): what
 * is valid is validation's to say. One module, so that the content loader can take its place.
 */
import fs from "node:fs";
import path from "node:path";
import type { WhenMissing } from "../../contract/errors.ts";
import { readContentFile } from "../../contract/content.server.ts";
import { type LocalesOfSite, siteLocales } from "../../contract/locales.ts";

export interface Locale {
  code: string;
  /** Its name in its own language ("Deutsch"). */
  name: string;
  /** The first segment of its routes ("de"); none for the default locale. */
  prefix: string;
  whenMissing: WhenMissing;
}

export interface Locales {
  defaultLocale: string;
  /** The locales besides the default one: those a page is translated into. */
  translated: Locale[];
}

/** A page file as the status needs it: where it is, and the fields that tie it to others. */
export interface PageFile {
  /** Relative to site-config/, with forward slashes ("pages/industries/pet-insurance.json"). */
  file: string;
  text: string;
  path?: string;
  /** A translation's source page, by its path. */
  translationOf?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function parse(source: string): Record<string, unknown> {
  try {
    const value = JSON.parse(source) as unknown;
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** The locales site.json declares (`locales.default` and the list beside it), or none when it declares none. */
export function readLocales(configDir: string): Locales | undefined {
  const siteFile = path.join(configDir, "site.json");
  return localesOf(fs.existsSync(siteFile) ? fs.readFileSync(siteFile, "utf8") : undefined);
}

/**
 * The locales of a site.json's text (of any commit), or none when it declares none or does not parse: read as the
 * content loader reads them (contract/locales.ts), so that a locale without `missing` publishes no page it lacks here
 * too.
 */
export function localesOf(siteText: string | undefined): Locales | undefined {
  const site = siteText === undefined ? {} : parse(siteText);
  if (!isRecord(site.locales)) return undefined;
  const [own, ...others] = siteLocales(site as LocalesOfSite);
  return {
    defaultLocale: own!.code,
    translated: others.map((locale) => ({
      code: locale.code,
      name: locale.name,
      prefix: locale.prefix,
      whenMissing:
        locale.missing === "fallback" && locale.fallback
          ? { missing: "fallback", fallback: locale.fallback }
          : { missing: "unpublished" },
    })),
  };
}

/**
 * Where a locale shows a page it has no translation of, from its fallback locale: the source's path under the
 * locale's prefix ("/de", "/de/about").
 */
export const fallbackRoute = (prefix: string, pagePath: string): string =>
  pagePath === "/" ? `/${prefix}` : `/${prefix}${pagePath}`;

const keysOf = (doc: Record<string, unknown>) => ({ path: text(doc.path), translationOf: text(doc.translationOf) });

/**
 * Each page file's path and key, by file, while its text stays the one they were read from: the page editor asks for
 * every page's on each view of its page list, and a site of 10,000 pages need not be parsed again for each.
 */
const keys = new Map<string, { text: string; path?: string; translationOf?: string }>();

/** The JSON files under a folder of site-config/, sorted, relative to site-config/. */
function pageFiles(configDir: string, folder: string): PageFile[] {
  const out: PageFile[] = [];
  const walk = (rel: string) => {
    const dir = path.join(configDir, rel);
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && entry.name.endsWith(".json")) {
        const full = path.join(configDir, child);
        const source = readContentFile(full) ?? "";
        const known = keys.get(full);
        const doc = known?.text === source ? known : { text: source, ...keysOf(parse(source)) };
        keys.set(full, doc);
        out.push({ file: child, text: source, path: doc.path, translationOf: doc.translationOf });
      }
    }
  };
  walk(folder);
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The pages of the default locale: site-config/pages/. */
export const sourcePages = (configDir: string): PageFile[] => pageFiles(configDir, "pages");

/** Where a locale's translation of a source page goes: the same file under site-config/locales/<code>/. */
export const translationFileOf = (locale: string, source: PageFile): string => `locales/${locale}/${source.file}`;

/**
 * A locale's translation of each source page: the file at the source's place in the locale's folder, or else the
 * file whose `translationOf` names the source's path (a translation keeps its key when its file is renamed).
 */
export function translationsOf(configDir: string, locale: string, sources: readonly PageFile[]): Map<string, PageFile> {
  const files = pageFiles(configDir, `locales/${locale}/pages`);
  const byFile = new Map(files.map((file) => [file.file, file]));
  const byKey = new Map(files.filter((file) => file.translationOf).map((file) => [file.translationOf!, file]));
  const out = new Map<string, PageFile>();
  for (const source of sources) {
    const translation = byFile.get(translationFileOf(locale, source)) ?? (source.path && byKey.get(source.path));
    if (translation) out.set(source.file, translation);
  }
  return out;
}
