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
    { property: "og:locale", content: site.seo.locale },
    { name: "twitter:card", content: "summary_large_image" },
  ];
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
