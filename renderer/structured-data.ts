import type { BreadcrumbList, Graph, ImageObject, Organization, WebPage, WebSite } from "schema-dts";
import type { PageDocument, SiteConfig } from "../contract/generated/schema-types.ts";
import { LOGO_PATH, LOGO_SIZE } from "../contract/preview-card.ts";

/** The picture shared for a page: its preview card or the image it names. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
  type: "image/png" | "image/jpeg";
}

/** One step of a breadcrumb trail: the name of a page and its path. */
export interface Crumb {
  name: string;
  path: string;
}

export interface StructuredDataInput {
  site: Pick<SiteConfig, "brand" | "contact" | "seo">;
  page: Pick<PageDocument, "path" | "title" | "description">;
  /** Home page first, this page last; a single step (the home page) gives no breadcrumbs. */
  trail: Crumb[];
  image: ShareImage;
  /** The page's language as a BCP 47 tag; left out, the language of the site's `seo.locale`. */
  language?: string;
}

export const pageUrl = (siteUrl: string, pagePath: string) => `${siteUrl}${pagePath === "/" ? "/" : pagePath}`;

/**
 * The page's schema.org graph (JSON-LD): WebPage everywhere, BreadcrumbList below the home page, Organization and
 * WebSite on the home page. Nodes refer to each other by `@id`, so the organisation is described once for the site.
 */
export function structuredData({ site, page, trail, image, language }: StructuredDataInput): Graph {
  const origin = site.seo.siteUrl;
  const url = pageUrl(origin, page.path);
  const ids = {
    organization: `${origin}/#organization`,
    website: `${origin}/#website`,
    webpage: `${url}#webpage`,
    breadcrumb: `${url}#breadcrumb`,
  };
  const inLanguage = language ?? site.seo.locale.replace("_", "-");
  const primaryImage: ImageObject = {
    "@type": "ImageObject",
    url: image.url,
    width: `${image.width}`,
    height: `${image.height}`,
    caption: image.alt,
  };
  const webPage: WebPage = {
    "@type": "WebPage",
    "@id": ids.webpage,
    url,
    name: page.title,
    description: page.description,
    inLanguage,
    isPartOf: { "@id": ids.website },
    primaryImageOfPage: primaryImage,
    ...(trail.length === 1 ? { about: { "@id": ids.organization } } : {}),
    ...(trail.length > 1 ? { breadcrumb: { "@id": ids.breadcrumb } } : {}),
  };
  const graph: Graph["@graph"][number][] = [];

  if (trail.length === 1) {
    const organization: Organization = {
      "@type": "Organization",
      "@id": ids.organization,
      name: site.brand.name,
      description: site.brand.tagline,
      url: pageUrl(origin, "/"),
      logo: {
        "@type": "ImageObject",
        url: `${origin}${LOGO_PATH}`,
        width: `${LOGO_SIZE}`,
        height: `${LOGO_SIZE}`,
      },
      email: site.contact.email,
      telephone: site.contact.phone,
      address: site.contact.address,
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "sales",
        telephone: site.contact.phone,
        email: site.contact.email,
      },
      ...(site.brand.profiles?.length ? { sameAs: site.brand.profiles } : {}),
    };
    const website: WebSite = {
      "@type": "WebSite",
      "@id": ids.website,
      url: pageUrl(origin, "/"),
      name: site.brand.name,
      inLanguage,
      publisher: { "@id": ids.organization },
    };
    graph.push(organization, website);
  }
  graph.push(webPage);
  if (trail.length > 1) {
    const breadcrumbs: BreadcrumbList = {
      "@type": "BreadcrumbList",
      "@id": ids.breadcrumb,
      itemListElement: trail.map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: pageUrl(origin, crumb.path),
      })),
    };
    graph.push(breadcrumbs);
  }
  return { "@context": "https://schema.org", "@graph": graph };
}
