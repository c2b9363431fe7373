import type { MetaDescriptor } from "react-router";
import type { PageDocument } from "../contract/generated/schema-types.ts";
import type { SiteData } from "../kit/site-data.ts";
import { type ShareImage, pageUrl } from "./structured-data.ts";

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

const rootData = (matches: Matches) => matches.find((match) => match?.id === "root")?.data as SiteData | undefined;

/** What the page's loader computes for sharing (content/share.server.ts). */
export interface PageShare {
  image: ShareImage;
  /** A schema.org graph (structured-data.ts), as JSON. */
  structuredData: { "@context": string; "@graph": Record<string, unknown>[] };
  /** On a site in several languages: the page's locale and its versions in the others. */
  locale?: {
    /** Its og:locale, when its locale has one. */
    ogLocale?: string;
    /** Shown from another locale's page: kept out of search results, which its canonical link names. */
    noindex: boolean;
    /** Every version of the page (itself included) and x-default, as absolute URLs. */
    alternates: { hreflang: string; href: string }[];
    /** The og:locale of each of its other versions. */
    otherOgLocales: string[];
  };
}

/**
 * <title>, description, canonical URL, Open Graph and Twitter tags of a page, from its document and the site's SEO
 * defaults, and its JSON-LD. React Router writes the JSON-LD with `<`, `>` and `&` escaped as \u003c…, so no text
 * in it can close the script element.
 */
export function pageMeta(
  page: Pick<PageDocument, "path" | "title" | "description"> | undefined,
  matches: Matches,
  share?: PageShare,
): MetaDescriptor[] {
  const site = rootData(matches)?.site;
  if (!page || !site) return [{ title: "Page not found" }];
  const title = site.seo.titleTemplate.replace("%s", page.title);
  const url = pageUrl(site.seo.siteUrl, page.path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(share?.locale && !share.locale.ogLocale
      ? []
      : [{ property: "og:locale", content: share?.locale?.ogLocale ?? site.seo.locale }]),
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (share?.locale) {
    const { noindex, alternates, otherOgLocales } = share.locale;
    if (noindex) tags.push({ name: "robots", content: "noindex" });
    for (const other of otherOgLocales) tags.push({ property: "og:locale:alternate", content: other });
    for (const { hreflang, href } of alternates)
      tags.push({ tagName: "link", rel: "alternate", hrefLang: hreflang, href });
  }
  if (share) {
    const { image } = share;
    tags.push(
      { property: "og:image", content: image.url },
      { property: "og:image:type", content: image.type },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { property: "og:image:alt", content: image.alt },
      { name: "twitter:image", content: image.url },
      { name: "twitter:image:alt", content: image.alt },
      { "script:ld+json": share.structuredData },
    );
  }
  return tags;
}
