import fs from "node:fs";
import type { PageDocument, SiteConfig } from "../generated/schema-types.ts";
import type { IndustryLink } from "../site-data.ts";
import { PAGES_DIR, SITE_FILE, listPageFiles } from "./files.server.ts";
import { lastModified } from "./last-modified.server.ts";

interface Content {
  site: SiteConfig;
  pages: Map<string, PageDocument>;
  /** The file each page was read from, by path. */
  files: Map<string, string>;
}

let cached: Content | undefined;

/** site.json and every page, read once per build (re-read in dev, so edits show without a restart). */
function content(): Content {
  if (cached && process.env.NODE_ENV === "production") return cached;
  const read = <T>(file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as T;
  const pages = new Map<string, PageDocument>();
  const files = new Map<string, string>();
  for (const file of listPageFiles()) {
    const page = read<PageDocument>(file);
    pages.set(page.path, page);
    files.set(page.path, file);
  }
  cached = { site: read<SiteConfig>(SITE_FILE), pages, files };
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
      featured: page.nav!.featured ?? false,
      order: page.nav!.order ?? 100,
    }))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}
