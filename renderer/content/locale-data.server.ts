import type { ChromeText, LocaleSiteConfig, SiteConfig } from "../../contract/generated/schema-types.ts";
import { DEFAULT_LOCALE_CODE, type SiteLocale } from "../../contract/locales.ts";
import { CHROME_PATHS, type LocaleData } from "../../kit/site-data.ts";
import { withLocaleLinks } from "./locale-links.ts";
import { localeOfPath, localePaths, localeSite, siteLocaleList } from "./pages.server.ts";

/**
 * site.json as a locale shows it: its own menus, footer, call to action and words over the default locale's. A locale
 * without its own shows the default locale's, each link led to the locale's address of its page (`paths`, by the
 * source's path), as a page shown from the fallback is: a visitor who follows it stays in their language.
 */
export function localisedSite(
  site: SiteConfig,
  own: LocaleSiteConfig | undefined,
  paths?: Readonly<Record<string, string>>,
): SiteConfig {
  if (!own)
    return paths
      ? {
          ...site,
          navigation: withLocaleLinks(site.navigation, paths),
          footer: withLocaleLinks(site.footer, paths),
          callToAction: withLocaleLinks(site.callToAction, paths),
        }
      : site;
  const chrome: ChromeText = {
    ...site.chrome,
    ...own.chrome,
    notFound: { ...site.chrome.notFound, ...own.chrome?.notFound },
  } as SiteConfig["chrome"];
  return {
    ...site,
    brand: { ...site.brand, ...own.brand },
    navigation: own.navigation,
    footer: own.footer,
    callToAction: own.callToAction,
    seo: { ...site.seo, ...own.seo },
    chrome: chrome as SiteConfig["chrome"],
  };
}

/** The site and its locale as the page at `pathname` shows them; the locale only when the site has several. */
export function siteForPath(site: SiteConfig, pathname: string): { site: SiteConfig; locale?: LocaleData } {
  const locales = siteLocaleList();
  const locale = localeOfPath(pathname);
  if (locales.length < 2 && locale.dir === "ltr" && locale.code === DEFAULT_LOCALE_CODE) return { site };
  const data = localeData(locale);
  return {
    site: localisedSite(site, localeSite(locale.code), locale.isDefault ? undefined : localePaths(locale.code)),
    locale: data,
  };
}

/** The page data's locale: its code and direction, and its addresses of the pages the chrome links to itself. */
function localeData(locale: SiteLocale): LocaleData {
  const paths = localePaths(locale.code);
  return {
    code: locale.code,
    dir: locale.dir,
    paths: Object.fromEntries(CHROME_PATHS.flatMap((href) => (href in paths ? [[href, paths[href]!]] : []))),
  };
}
