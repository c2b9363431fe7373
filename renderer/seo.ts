import type { MetaDescriptor } from "react-router";
import type { PageDocument } from "../contract/generated/schema-types.ts";
import type { SiteData } from "../kit/site-data.ts";

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

const rootData = (matches: Matches) => matches.find((match) => match?.id === "root")?.data as SiteData | undefined;

/** <title>, description, canonical URL and Open Graph tags of a page, from its document and the site's SEO defaults. */
export function pageMeta(
  page: Pick<PageDocument, "path" | "title" | "description"> | undefined,
  matches: Matches,
): MetaDescriptor[] {
  const site = rootData(matches)?.site;
  if (!page || !site) return [{ title: "Page not found" }];
  const title = site.seo.titleTemplate.replace("%s", page.title);
  const url = `${site.seo.siteUrl}${page.path === "/" ? "/" : page.path}`;
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
  if (site.seo.ogImage) tags.push({ property: "og:image", content: `${site.seo.siteUrl}${site.seo.ogImage}` });
  return tags;
}
