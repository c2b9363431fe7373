import { type EditorTranslations, type PageSummary, parentAddress } from "../../protocol.ts";

/** A page in one of the site's locales: its source, or a translation of it that is written. */
export interface PageVersion {
  file: string;
  path: string;
  title: string;
  /** The locale's code ("de-DE") and its name in its own language ("Deutsch"). */
  locale: string;
  language: string;
}

/** The site's pages in each locale, as the editor's page list and translations know them. */
export interface SiteVersions {
  /** Every version of the page `file` names (a source page or a translation), its own included. */
  of: (file: string) => PageVersion[];
  /** The version in `locale` of the page at `address`, in whichever locale `address` is; undefined where none is written. */
  inLocale: (address: string, locale: string) => PageVersion | undefined;
  /** Every page's address in `locale`. */
  addressesIn: (locale: string) => string[];
}

/** The pages of the site by locale: the source pages in the default locale, each translation in its own. */
export function siteVersions(pages: readonly PageSummary[], overview: EditorTranslations): SiteVersions {
  const first = overview.locales.find((locale) => locale.isDefault) ?? overview.locales[0];
  const languageOf = new Map(overview.locales.map((locale) => [locale.code, locale.name]));
  const sources = pages.map((page): PageVersion => ({
    file: page.file,
    path: page.path,
    title: page.title,
    locale: first?.code ?? "",
    language: first?.name ?? "",
  }));
  const translated = overview.translations.flatMap((translation): (PageVersion & { source: string })[] =>
    translation.file && translation.path
      ? [
          {
            file: translation.file,
            path: translation.path,
            title: translation.title || translation.path,
            locale: translation.locale,
            language: languageOf.get(translation.locale) ?? translation.locale,
            source: translation.source,
          },
        ]
      : [],
  );
  const sourceOf = (file: string) => translated.find((version) => version.file === file)?.source ?? file;
  const of = (file: string) => {
    const source = sourceOf(file);
    return [
      ...sources.filter((version) => version.file === source),
      ...translated.filter((version) => version.source === source),
    ];
  };
  const all = [...sources, ...translated];
  return {
    of,
    inLocale: (address, locale) => {
      const found = all.find((version) => version.path === address);
      return found && of(found.file).find((version) => version.locale === locale);
    },
    addressesIn: (locale) => all.filter((version) => version.locale === locale).map((version) => version.path),
  };
}

/** The nearest of `addresses` above `address`: its parent, or the parent's parent…, "/" at the top. */
export function nearest(address: string, addresses: readonly string[]) {
  let at = parentAddress(address);
  while (at !== "/" && !addresses.includes(at)) at = parentAddress(at);
  return at;
}
