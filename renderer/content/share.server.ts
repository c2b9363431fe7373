import fs from "node:fs";
import path from "node:path";
import type { PageDocument, SiteConfig } from "../../contract/generated/schema-types.ts";
import { CARD_HEIGHT, CARD_WIDTH, cardAlt, cardContent, cardPath } from "../../contract/preview-card.ts";
import type { PageShare } from "../seo.ts";
import { type Crumb, type ShareImage, structuredData } from "../structured-data.ts";
import { PUBLIC_FILES_DIR } from "../../contract/content.server.ts";
import { imageInfo } from "../../contract/image-size.ts";
import { catalogueError, configErrors } from "../../contract/errors.ts";
import { getPage } from "./pages.server.ts";
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

/** Home, then every ancestor of the page that is a page itself, then the page: named as in menus, else by title. */
export function breadcrumbTrail(page: PageDocument): Crumb[] {
  if (page.path === "/") return [{ name: "Home", path: "/" }];
  const segments = page.path.split("/").slice(1);
  const trail: Crumb[] = [{ name: "Home", path: "/" }];
  for (let depth = 1; depth <= segments.length; depth++) {
    const ancestorPath = `/${segments.slice(0, depth).join("/")}`;
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
export function shareData(page: PageDocument, site: SiteConfig): PageShare {
  const image = shareImage(page, site);
  const graph = structuredData({ site, page, trail: breadcrumbTrail(page), image });
  return { image, structuredData: graph as unknown as PageShare["structuredData"] };
}
