/** The page editor's translations (docs/localisation.md): its refusals when it creates one, and the words it shows. */
import { entry, info } from "./entry.ts";

/** Why "Translate" made no file: each the reason of EDIT_TRANSLATE's answer, beside the scaffold's own words. */
export const editorTranslationErrors = {
  notCreated: entry({
    code: "EDIT_TRANSLATE",
    status: 400,
    title: "Translation not created",
    message: "The translation could not be created.",
    hint: "Change what the message names (usually the address), then create it again: a translation never replaces a file.",
  }),
  unknownLocale: entry<{ locale: string; locales: readonly string[] }>({
    code: "EDIT_TRANSLATE_LOCALE",
    title: "Locale not declared",
    message: ({ locale, locales }) =>
      `'${locale}' is not a locale pages are translated into here (${locales.length ? locales.join(", ") : "site.json declares none"})`,
    hint: "Add the locale to `locales.list` in site-config/site.json (Site settings), or choose one it lists.",
  }),
  notSource: entry<{ file: string }>({
    code: "EDIT_TRANSLATE_SOURCE",
    title: "Not a page of the default locale",
    message: ({ file }) =>
      `${file} is not a page of the default locale with an address, so it has nothing to translate`,
    hint: "Translate a page of site-config/pages/ from the page list; a translation is translated from its source.",
  }),
  alreadyTranslated: entry<{ locale: string; file: string }>({
    code: "EDIT_TRANSLATE_EXISTS",
    title: "Already translated",
    message: ({ locale, file }) => `the page already has a ${locale} translation: ${file}`,
    hint: "Open that translation from the page list and edit it.",
  }),
  outsidePrefix: entry<{ path: string; prefix: string; locale: string }>({
    code: "EDIT_TRANSLATE_PREFIX",
    title: "Address outside the locale",
    message: ({ path, prefix, locale }) =>
      `the address '${path}' is not under /${prefix}, where the ${locale} pages are published`,
    hint: "Start the address with the locale's prefix, e.g. /de/… for German, in lower-case words joined by hyphens.",
  }),
  problems: entry<{ problems: readonly string[] }>({
    code: "EDIT_TRANSLATE_PROBLEMS",
    title: "Translation would have problems",
    message: ({ problems }) =>
      `the translation would be written with ${problems.length === 1 ? "a problem" : `${problems.length} problems`}, so it was not: ${problems.join("; ")}`,
    hint: "Fix what is named in the source page (a link its locale cannot keep, where the page needs it, is one), or translate the pages it links to first, then translate it again.",
  }),
  badPath: entry<{ path: string }>({
    code: "EDIT_TRANSLATE_PATH",
    title: "Not an address",
    message: ({ path }) =>
      `'${path}' is not a page address — lower-case letters, digits and hyphens between slashes, e.g. '/de/kontakt'`,
    hint: "Write the address as the site shows it, starting with a slash.",
  }),
} as const;

/** The words of the page list's locale switch and of a translation's fields. */
export const editorTranslationLines = {
  missing: info<{ locale: string }>({
    code: "EDIT_TR_MISSING",
    title: "Missing",
    message: ({ locale }) => `${locale}: missing, no translation yet`,
    hint: "Translate it from the source: Translate in the locale's page list creates the file.",
  }),
  outdated: info<{ locale: string; changed: readonly string[] }>({
    code: "EDIT_TR_OUTDATED",
    title: "Outdated",
    message: ({ locale, changed }) =>
      `${locale}: outdated, the source changed since${changed.length ? ` — ${changed.join("; ")}` : ""}`,
    hint: "Open the translation, bring the fields named up to date with the source shown beside each, and publish it.",
  }),
  upToDate: info<{ locale: string }>({
    code: "EDIT_TR_UP_TO_DATE",
    title: "Up to date",
    message: ({ locale }) => `${locale}: up to date`,
    hint: "Nothing to do until the source changes.",
  }),
  unknown: info<{ locale: string }>({
    code: "EDIT_TR_UNKNOWN",
    title: "Translated",
    message: ({ locale }) => `${locale}: translated, its status unknown outside a git checkout`,
    hint: "The status compares the source with its version at the translation's last commit: run the editor in a git checkout.",
  }),
  sourceText: info<{ language: string }>({
    code: "EDIT_TR_SOURCE",
    title: "Source text",
    message: ({ language }) => `${language} (source)`,
    hint: "The source page's text for this field, matched by the block's id (else its place) and the field: translate it, keep it as it means.",
  }),
  translationOf: info<{ language: string; title: string; path: string }>({
    code: "EDIT_TR_OF",
    title: "Translation",
    message: ({ language, title, path }) =>
      `A translation of “${title}” (${path}). Each text field shows the ${language} source's text under it.`,
    hint: "The status in the page list says when the source changed since the translation was last published.",
  }),
  leftOut: info<{ language: string; links: readonly string[] }>({
    code: "EDIT_TR_LEFT_OUT",
    title: "Links left out",
    message: ({ language, links }) =>
      `${links.length === 1 ? "A link leads" : `${links.length} links lead`} to pages with no ${language} version yet, and ${links.length === 1 ? "is" : "are"} left out of the translation: ${links.join("; ")}. Every other link leads to the ${language} page.`,
    hint: "Add them back once those pages are translated: a link out of the locale is refused (LOC003).",
  }),
  translateIntro: info<{ language: string; file: string }>({
    code: "EDIT_TR_INTRO",
    title: "Translate",
    message: ({ language, file }) =>
      `A copy of every block of the page, to translate into ${language}, in a new file ${file}. It opens in the editor.`,
    hint: "Change the address if the locale's readers would search for other words; it must stay under the locale's prefix.",
  }),
} as const;
