/** Locales (docs/localisation.md): what validation says about site.json's `locales` and each locale's files. */
import { closest } from "../levenshtein.ts";
import { prefixedPath } from "../locales.ts";
import { entry } from "./entry.ts";

/** Said of a link the file does not write, which validation filled in from the schema. */
const defaultLink = ", the schema's default for this field (the file does not write it),";

/** What `npm run validate`, the build and the dev server report about locales, translations and their links. */
export const localeErrors = {
  unknownSource: entry<{ source: string; sources: readonly string[] }>({
    code: "LOC001",
    title: "Translation of no page",
    message: ({ source, sources }) => {
      const guess = closest(source, sources);
      return `'translationOf' names '${source}', which is the path of no page of the default locale${guess ? ` — did you mean '${guess}'?` : ""}`;
    },
    hint: "Write the `path` of the page this one translates, as its file in site-config/pages/ gives it; `npm run validate -- --pages` lists them.",
  }),
  linkOutOfLocale: entry<{ href: string; locale: string; localised: string; byDefault?: boolean }>({
    code: "LOC002",
    title: "Link out of its locale",
    message: ({ href, locale, localised, byDefault }) =>
      `link '${href}'${byDefault ? defaultLink : ""} leaves locale '${locale}', which has that page at '${localised}' — write '${localised}'${byDefault ? " in this field" : ""}`,
    hint: "Link to the page's address in the same locale: a visitor reading one language stays in it. The language switcher links the other versions.",
  }),
  linkToUnpublished: entry<{ href: string; locale: string; byDefault?: boolean }>({
    code: "LOC003",
    title: "Link to a page the locale does not publish",
    message: ({ href, locale, byDefault }) =>
      `link '${href}'${byDefault ? defaultLink : ""} cannot stay in locale '${locale}': the page has no version there, and the locale publishes no page it has not translated ('missing': 'unpublished')${byDefault ? " — write this field with the address of a page of the locale" : ""}`,
    hint: "Translate the page into the locale, remove the link, or let the locale show the page from its fallback ('missing': 'fallback' in site.json).",
  }),
  unknownFallback: entry<{ locale: string; fallback: string; codes: readonly string[] }>({
    code: "LOC004",
    title: "Fallback to no locale",
    message: ({ locale, fallback, codes }) =>
      fallback === locale
        ? `locale '${locale}' falls back to itself — name another locale, or leave 'fallback' out for the default one`
        : `locale '${locale}' falls back to '${fallback}', which is no locale of the site — its locales: ${codes.join(", ")}`,
    hint: "Set `fallback` to the code of another locale in `locales.list`, or leave it out to fall back to the default locale.",
  }),
  outsidePrefix: entry<{ path: string; locale: string; prefix: string }>({
    code: "LOC005",
    title: "Translation outside its locale's prefix",
    // The suggestion is the path under the prefix, never the path as written.
    message: ({ path, locale, prefix }) =>
      `path '${path}' is not under '/${prefix}', the prefix of locale '${locale}' — a page of the locale is '/${prefix}' or '/${prefix}/…': write '${prefixedPath(prefix, path)}'`,
    hint: "Start the path with the locale's prefix; the rest of it may be in the locale's own words.",
  }),
  translatedTwice: entry<{ source: string; other: string }>({
    code: "LOC006",
    title: "Page translated twice in one locale",
    message: ({ source, other }) =>
      `'${source}' is already translated in this locale by ${other} — a locale has one version of each page`,
    hint: "Keep one of the two files, or make this one translate another page.",
  }),
  defaultNotListed: entry<{ code: string; codes: readonly string[] }>({
    code: "LOC007",
    title: "Default locale not in the list",
    message: ({ code, codes }) =>
      `the default locale '${code}' is not in 'locales.list'${codes.length ? ` — it lists ${codes.join(", ")}` : ""}`,
    hint: "Add the default locale to `locales.list` (with its name, for the language switcher), or make a listed locale the default.",
  }),
  translationOfInSource: entry({
    code: "LOC008",
    title: "'translationOf' in a page of the default locale",
    message:
      "'translationOf' belongs in a translation (site-config/locales/<code>/pages/): a page of the default locale is a source",
    hint: "Remove `translationOf`, or move the file into its locale's folder.",
  }),
  undeclaredLocale: entry<{ folder: string; codes: readonly string[] }>({
    code: "LOC009",
    title: "Folder of no locale",
    message: ({ folder, codes }) => {
      const guess = closest(folder, codes);
      return `site-config/locales/${folder}/ is the folder of no locale in site.json${guess ? ` — did you mean '${guess}'?` : codes.length ? ` — its locales: ${codes.join(", ")}` : ""}; its files are not published`;
    },
    hint: "Name the folder after a locale's `code`, or add the locale to `locales.list` in site.json.",
  }),
  sectionWithoutSource: entry<{ id: string; locale: string; ids: readonly string[] }>({
    code: "LOC010",
    title: "Locale's version of no section",
    message: ({ id, locale, ids }) => {
      const guess = closest(id, ids);
      return `site-config/locales/${locale}/sections/${id}.json is a ${locale} version of section '${id}', which site-config/sections/ does not hold, so no page places it${guess ? ` — did you mean '${guess}'?` : ""}`;
    },
    hint: "Name the file after the id of the section it translates (its file in site-config/sections/), or add the section there first.",
  }),
  translationAtFallback: entry<{ path: string; locale: string; source: string; shownFrom: string }>({
    code: "LOC011",
    title: "Translation at the address of a page shown from the fallback",
    message: ({ path, locale, source, shownFrom }) =>
      `path '${path}' is where locale '${locale}' shows ${source} from ${shownFrom}, which it has not translated — two pages cannot share an address, and one of them would not be published`,
    hint: "Give the translation its own path under the locale's prefix (in the locale's words), or make it the translation of the page at that address (`translationOf`).",
  }),
  borrowedChrome: entry<{ locale: string; links: readonly string[] }>({
    code: "LOC012",
    title: "Chrome that cannot stay in a locale",
    message: ({ locale, links }) => {
      const named = links.slice(0, 5).map((link) => `'${link}'`);
      const more = links.length > named.length ? ` and ${links.length - named.length} more` : "";
      return `locale '${locale}' has no chrome of its own (site-config/locales/${locale}/site.json), so its pages show this file's header, footer and call to action, whose links to ${named.join(", ")}${more} cannot stay in it: the locale has no version of ${links.length === 1 ? "that page" : "those pages"}`;
    },
    hint: "Write site-config/locales/<code>/site.json with the locale's own menus, footer and call to action, linking the locale's pages (docs/localisation.md); or translate those pages, or let the locale show them from its fallback ('missing': 'fallback').",
  }),
};
