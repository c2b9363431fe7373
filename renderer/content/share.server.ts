import fs from "node:fs";
import path from "node:path";
import type { PageDocument, SiteConfig } from "../../contract/generated/schema-types.ts";
import { CARD_HEIGHT, CARD_WIDTH, cardAlt, cardContent, cardPath } from "../../contract/preview-card.ts";
import type { PageShare } from "../seo.ts";
import { type Crumb, type ShareImage, structuredData } from "../structured-data.ts";
import { PUBLIC_FILES_DIR } from "../../contract/content.server.ts";
import { imageInfo } from "../../contract/image-size.ts";
import { catalogueError, configErrors } from "../../contract/errors.ts";
import { alternatesOfPage, getPage, siteLocaleList } from "./pages.server.ts";
import { type LocalisedRoute, prefixedPath } from "../../contract/locales.ts";
import { pageUrl } from "../structured-data.ts";
import { cardHeadlineTypes } from "../../contract/generated/block-card-headlines.ts";

/** The picture shared for a page: the image it names (validated as a PNG or JPEG), else its generated preview card. */
export function shareImage(page: PageDocument, site: SiteConfig): ShareImage {
  const origin = site.seo.siteUrl;
  if (page.image) {
    const info = imageInfo(fs.readFileSync(path.join(PUBLIC_FILES_DIR, page.image.src)));
    if (!info) throw catalogueError(configErrors.notAnImage, { src: page.image.src });
    return { url: `${origin}${page.image.src}`, ...info, alt: page.image.alt };
  }
  return {
    url: `${origin}${cardPath(page.path)}`,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    type: "image/png",
    alt: cardAlt(cardContent(page, cardHeadlineTypes), site.brand.name),
  };
}

/**
 * Home (the locale's, named in its words), then every ancestor of the page that is a page itself, then the page: named
 * as in menus, else by title.
 */
export function breadcrumbTrail(page: PageDocument, homeName = "Home", prefix = ""): Crumb[] {
  const home = prefixedPath(prefix, "/");
  if (page.path === home) return [{ name: homeName, path: home }];
  const segments = page.path.split("/").slice(1);
  const trail: Crumb[] = [{ name: homeName, path: home }];
  for (let depth = 1; depth <= segments.length; depth++) {
    const ancestorPath = `/${segments.slice(0, depth).join("/")}`;
    if (ancestorPath === home) continue;
    const ancestor = ancestorPath === page.path ? page : getPage(ancestorPath);
    if (ancestor) trail.push({ name: ancestor.nav?.label ?? ancestor.title, path: ancestorPath });
  }
  return trail;
}

/**
 * What a page tells search engines and social networks beyond its title: its shared picture and its JSON-LD. The
 * graph is typed by schema-dts where it is built; it leaves here as plain JSON, whose type the route's loader data can
 * carry (schema-dts' union of every schema.org type is too deep for React Router's serialisation types).
 */
export function shareData(page: PageDocument, site: SiteConfig, route?: LocalisedRoute<PageDocument>): PageShare {
  const image = shareImage(page, site);
  const locales = siteLocaleList();
  // A fallback shows another locale's page as it is, breadcrumbs and all.
  const own = route && route.kind !== "fallback" ? route.locale : undefined;
  const trail = breadcrumbTrail(page, site.chrome.breadcrumbHome, own?.prefix);
  const graph = structuredData({ site, page, trail, image, language: route?.language.code });
  const share: PageShare = { image, structuredData: graph as unknown as PageShare["structuredData"] };
  if (locales.length < 2 || !route) return share;
  return { ...share, locale: localeMeta(route, site.seo.siteUrl) };
}

/**
 * What a page of a site in several languages tells search engines of its language: its og:locale, and its versions
 * in every locale as hreflang alternates with the default locale's as x-default. A fallback is marked noindex instead:
 * its canonical link names the page whose words it shows.
 */
function localeMeta(route: LocalisedRoute<PageDocument>, siteUrl: string): NonNullable<PageShare["locale"]> {
  const noindex = route.kind === "fallback";
  const versions = noindex ? [] : alternatesOfPage(route.source);
  return {
    ogLocale: route.language.ogLocale,
    noindex,
    alternates: hreflangLinks(versions, siteUrl),
    otherOgLocales: versions.flatMap((version) =>
      version !== route && version.locale.ogLocale ? [version.locale.ogLocale] : [],
    ),
  };
}

/** hreflang alternates of a page's versions, with x-default on the default locale's. */
export function hreflangLinks(
  versions: readonly LocalisedRoute<PageDocument>[],
  siteUrl: string,
): { hreflang: string; href: string }[] {
  const links = versions.map((version) => ({ hreflang: version.locale.code, href: pageUrl(siteUrl, version.path) }));
  const byDefault = versions.find((version) => version.locale.isDefault);
  return byDefault ? [...links, { hreflang: "x-default", href: pageUrl(siteUrl, byDefault.path) }] : links;
}
