import { type Content as Loaded, PAGES_DIR, loadContent } from "../../contract/content.server.ts";
import type { PageDocument, SiteConfig } from "../../contract/generated/schema-types.ts";
import type { IndustryLink } from "../../kit/site-data.ts";
import { lastModified } from "./last-modified.server.ts";

interface Content {
  site: SiteConfig;
  pages: Map<string, PageDocument>;
  /** The file each page was read from, by path. */
  files: Map<string, string>;
}

let cached: Content | undefined;

/** site.json and every page, loaded once per build (re-read in dev, so edits show without a restart). */
function content(): Content {
  if (cached && process.env.NODE_ENV === "production") return cached;
  const { site, pages, files }: Loaded = loadContent();
  cached = {
    site,
    pages: new Map(pages.map((page) => [page.path, page])),
    files: new Map(pages.map((page, index) => [page.path, files[index]!])),
  };
  return cached;
}

export const getSite = () => content().site;
export const getPage = (path: string) => content().pages.get(path === "/" ? "/" : path.replace(/\/+$/, ""));
export const allPaths = () => [...content().pages.keys()].sort();

/** When each page's file last changed (ISO 8601), by path, for the sitemap. */
export function pagesLastModified(): Map<string, string> {
  const { files } = content();
  const dates = lastModified([...files.values()], PAGES_DIR);
  return new Map([...files].map(([pagePath, file]) => [pagePath, dates.get(file)!]));
}

/** The Industries menu, footer column and index, built from the pages that ask to be listed. */
export function industryLinks(): IndustryLink[] {
  return [...content().pages.values()]
    .filter((page) => page.nav?.menu === "industries")
    .map((page) => ({
      label: page.nav!.label,
      href: page.path,
      description: page.nav!.description ?? "",
      icon: page.nav!.icon,
      featured: page.nav!.featured,
      order: page.nav!.order,
    }))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}
