/**
 * Translate's links (docs/localisation.md): the copy of a source page led to the locale's address of every page it
 * links to (toolchain/translations/translate-links.ts), what it leaves out in the words of the editor's form ("Hero ›
 * Action 2 (/pricing)"), said in the page list before anything is written, and the problems a translation would still
 * have, which keep it from being written.
 */
import { applyEdits, modify } from "jsonc-parser";
import type { SiteLocale } from "../../contract/locales.ts";
import { placeOf } from "../../toolchain/changes-in-words.ts";
import { type PageFile, sourcePages, translationsOf } from "../../toolchain/translations/locale-files.ts";
import { localeAddressBook, localiseLinks } from "../../toolchain/translations/translate-links.ts";
import type { Project } from "./project.ts";

const PAGE_SCHEMA = "schemas/page.schema.json";
const EDIT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * How Translate leads the links of source pages into their locales, read once from the site's pages: for a source
 * page and a locale, its document with its links in the locale, and what was left out in words.
 */
function linksInLocales(project: Project, locales: readonly SiteLocale[]) {
  const pages = sourcePages(project.configDir);
  const sources = pages.flatMap((page) => (page.path ? [{ path: page.path }] : []));
  const translations = new Map(
    locales
      .slice(1)
      .map((locale) => [
        locale.code,
        [...translationsOf(project.configDir, locale.code, pages).values()].flatMap((page) =>
          page.path ? [{ path: page.path, translationOf: page.translationOf }] : [],
        ),
      ]),
  );
  const root = { file: PAGE_SCHEMA, schema: project.schemas[PAGE_SCHEMA]! };
  const metas = new Map(project.blocks.map((meta) => [meta.type, meta]));
  // One book a locale, made when first asked: the page list asks for every page, Translate for one.
  const books = new Map<string, ReturnType<typeof localeAddressBook>>();
  const bookOf = (locale: SiteLocale) => {
    const book = books.get(locale.code) ?? localeAddressBook(locales, sources, translations, locale);
    books.set(locale.code, book);
    return book;
  };
  const inLocale = (locale: SiteLocale, doc: Record<string, unknown>, own: { source: string; path: string }) => {
    const addresses = bookOf(locale).withTranslation(own);
    const links = localiseLinks(doc, addresses, project.schemas, root);
    const words = links.leftOut.map(({ removed, href }) => `${placeOf(`/${removed.join("/")}`, doc, metas)} (${href})`);
    return { ...links, words };
  };
  return { inLocale, hasEveryPage: (locale: SiteLocale) => bookOf(locale).hasEveryPage };
}

/**
 * For the page list, before anything is written: the links Translate would leave out of each source page in each
 * of the site's `locales`, in words (none where it leaves none out).
 */
export function leftOutByTranslate(project: Project, locales: readonly SiteLocale[]) {
  const { inLocale, hasEveryPage } = linksInLocales(project, locales);
  return (code: string, source: PageFile): string[] => {
    const locale = locales.find((other) => other.code === code);
    if (locale && hasEveryPage(locale)) return [];
    const doc = parse(source.text);
    if (!locale || !doc || !source.path) return [];
    return inLocale(locale, doc, { source: source.path, path: source.path }).words;
  };
}

/**
 * A translation's text (`file`, under its locale's pages/) with its links led into its locale, one of the site's
 * `locales`, the rest as written.
 */
export function withLinksInLocale(
  project: Project,
  locales: readonly SiteLocale[],
  file: string,
  text: string,
): string {
  const code = /^site-config\/locales\/([^/]+)\/pages\//.exec(project.rel(file))?.[1];
  const locale = locales.find((other) => other.code === code && !other.isDefault);
  const doc = parse(text);
  if (!locale || !doc || typeof doc.path !== "string" || typeof doc.translationOf !== "string") return text;
  const { edits } = linksInLocales(project, locales).inLocale(locale, doc, {
    source: doc.translationOf,
    path: doc.path,
  });
  return edits.reduce((edited, { path: at, value }) => applyEdits(edited, modify(edited, at, value, EDIT)), text);
}

/** The problems a page would be written with, in the words of the editor's form: none for a page fit to write. */
export function problemsOfUnwritten(project: Project, file: string, text: string): string[] {
  const doc = parse(text) ?? {};
  const metas = new Map(project.blocks.map((meta) => [meta.type, meta]));
  return project
    .problemsFor(file, text)
    .map((problem) => `${placeOf(problem.pointer, doc, metas)}: ${problem.code} ${problem.message}`);
}
