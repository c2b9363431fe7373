/** The translation status: what `npm run translations` reports of each page in each locale (docs/translations.md). */
import { entry, info, success } from "./entry.ts";

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What visitors of a locale get where a page has no translation, as the locale's settings say. */
export type WhenMissing = { missing: "fallback"; fallback: string } | { missing: "unpublished" };

const visitorsGet = (locale: string, whenMissing: WhenMissing) =>
  whenMissing.missing === "fallback"
    ? `${locale} visitors are shown the ${whenMissing.fallback} page, not indexed`
    : `the page is not published in ${locale}`;

/** Each page's status in a locale, and the command's own lines. */
export const translationMessages = {
  outdated: entry<{
    locale: string;
    source: string;
    sourceFile: string;
    /** The translation's last commit (short) and its date. */
    commit: string;
    date: string;
    /** The source's fields changed since, in the editor's words; none when its versions cannot be compared. */
    fields: readonly string[];
  }>({
    code: "TR001",
    title: "Translation outdated",
    message: ({ locale, source, sourceFile, commit, date, fields }) =>
      `the ${locale} translation of ${source} is outdated: ${sourceFile} changed since the translation was last updated (${commit}, ${date})${
        fields.length ? ` — ${fields.join("; ")}` : " — its versions cannot be compared field by field"
      }`,
    hint: "Bring the translation up to date with the source's fields listed (`git diff <commit> -- <source file>` shows the change), then commit its file: the status compares the source with its version at the translation's last commit.",
  }),
  missing: entry<{ locale: string; source: string; translationFile: string; whenMissing: WhenMissing }>({
    code: "TR002",
    title: "Translation missing",
    message: ({ locale, source, translationFile, whenMissing }) =>
      `${source} has no ${locale} translation (${translationFile}): ${visitorsGet(locale, whenMissing)}`,
    hint: "Write the translation at the file named, a page document with `\"translationOf\"` set to the source's path and its own `path` under the locale's prefix (docs/translations.md); until then the locale's `missing` setting applies.",
  }),
  upToDate: success<{ source: string; translation: string; translationFile: string }>({
    code: "TR101",
    title: "Translation up to date",
    message: ({ source, translation, translationFile }) =>
      `${source} → ${translation}: up to date (${translationFile})`,
    hint: "Nothing to do: the source has not changed since the translation's last commit.",
  }),
  locale: info<{
    locale: string;
    name: string;
    prefix: string;
    whenMissing: WhenMissing;
    pages: number;
    upToDate: number;
    outdated: number;
    missing: number;
  }>({
    code: "TR102",
    title: "A locale's status",
    message: ({ locale, name, prefix, whenMissing, pages, upToDate, outdated, missing }) =>
      `${locale} ${name} (under /${prefix}): ${plural(pages, "page")} — ${upToDate} up to date, ${outdated} outdated, ${missing} missing; ${
        whenMissing.missing === "fallback"
          ? `a page not translated is shown from ${whenMissing.fallback}`
          : "a page not translated is not published"
      }`,
    hint: "The lines under it give each page's status: fix the outdated ones first, since visitors read them in their language.",
  }),
  allUpToDate: success<{ locales: number; translations: number }>({
    code: "TR103",
    title: "Every translation up to date",
    message: ({ locales, translations }) =>
      `${plural(translations, "translation")} in ${plural(locales, "locale")}, none outdated or missing`,
    hint: "Nothing to do.",
  }),
  toDo: info<{ outdated: number; missing: number }>({
    code: "TR104",
    title: "Translations to do",
    message: ({ outdated, missing }) => `${plural(outdated, "translation")} outdated, ${missing} missing`,
    hint: "Give the outdated files and the missing pages to the translators (`--format json` lists them with the source's changed fields).",
  }),
  noLocales: info({
    code: "TR105",
    title: "No locale to translate into",
    message: "site-config/site.json declares no locale besides the default one: there is nothing to translate",
    hint: "Add the locales under `locales` in site-config/site.json (docs/localisation.md), then run `npm run translations` again.",
  }),
  usage: entry<{ problem: string }>({
    code: "TR003",
    title: "Arguments not understood",
    message: ({ problem }) =>
      `${problem}\nusage: npm run translations -- [--locale <code>] [--format text|json|github|sarif|gitlab] [--output <file>]`,
    hint: "Pass only the options the usage line shows; without any, every locale is reported as text.",
  }),
  unknownFormat: entry<{ format: string; formats: readonly string[] }>({
    code: "TR004",
    title: "Unknown output format",
    message: ({ format, formats }) => `unknown format '${format}' — use one of: ${formats.join(", ")}`,
    hint: "Pass --format with one of the listed formats; without it, the status prints text (github on GitHub Actions).",
  }),
  outputWithoutReport: entry<{ format: string }>({
    code: "TR005",
    title: "--output with a format for the terminal",
    message: ({ format }) =>
      `--output writes the json, sarif and gitlab reports to a file; the ${format} format prints to the terminal`,
    hint: "Add `--format json`, `--format sarif` or `--format gitlab`, or leave out --output.",
  }),
  unknownLocale: entry<{ locale: string; locales: readonly string[] }>({
    code: "TR006",
    title: "Unknown locale",
    message: ({ locale, locales }) =>
      `'${locale}' is not a locale to translate into — site.json's are: ${locales.length ? locales.join(", ") : "none"}`,
    hint: "Pass --locale with one of the codes listed (the default locale is the source, not a translation), or leave it out for every locale.",
  }),
  shallowHistory: entry({
    code: "TR007",
    title: "History too short to compare",
    message: "the git history is shallow: a translation's last commit and the source's changes after it cannot be read",
    hint: "Fetch the whole history (`git fetch --unshallow`; in CI, check out with `fetch-depth: 0`), then run `npm run translations` again.",
  }),
  summaryHeading: info({
    code: "TR106",
    title: "Heading of the job summary",
    message: "Translation status",
    hint: "Nothing to do: the table under it lists every translation outdated or missing, with its file and what changed.",
  }),
} as const;
