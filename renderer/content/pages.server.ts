import { type Content as Loaded, PAGES_DIR, SECTIONS_DIR, loadContent } from "../../contract/content.server.ts";
import type { PageDocument, SiteConfig } from "../../contract/generated/schema-types.ts";
import type { IndustryLink } from "../../kit/site-data.ts";
import { lastModified } from "../../contract/last-modified.server.ts";

interface Content {
  site: SiteConfig;
  pages: Map<string, PageDocument>;
  /** The file each page was read from, by path. */
  files: Map<string, string>;
  /** The files of the shared sections each page places, by path. */
  placed: Map<string, string[]>;
}

let indexed: { from: Loaded; content: Content } | undefined;

/**
 * site.json and every page, indexed by path. loadContent keeps the content while its files are unchanged, so the
 * index is built again only when it returns new content (an edit under the dev server). loadContent hashes every
 * file's text to know that, which a build, asking again for every page it renders, need not pay.
 */
function content(): Content {
  // A build's content does not change while it renders; only the dev server needs each call to look at the files.
  if (indexed && process.env.NODE_ENV === "production") return indexed.content;
  const loaded = loadContent();
  if (indexed?.from !== loaded)
    indexed = {
      from: loaded,
      content: {
        site: loaded.site,
        pages: new Map(loaded.pages.map((page) => [page.path, page])),
        files: new Map(loaded.pages.map((page, index) => [page.path, loaded.files[index]!])),
        placed: new Map(loaded.pages.map((page, index) => [page.path, loaded.placed[index]!])),
      },
    };
  return indexed.content;
}

export const getSite = () => content().site;
export const getPage = (path: string) => content().pages.get(path === "/" ? "/" : path.replace(/\/+$/, ""));
export const allPaths = () => [...content().pages.keys()].sort();

/**
 * When each page last changed (ISO 8601), by path, for the sitemap: its file, or a shared section it places, whichever
 * changed last, as if the section's blocks were written in the page.
 */
export function pagesLastModified(): Map<string, string> {
  const { files, placed } = content();
  const dates = lastModified([...files.values()], PAGES_DIR);
  const sectionFiles = [...new Set([...placed.values()].flat())];
  const sectionDates = sectionFiles.length ? lastModified(sectionFiles, SECTIONS_DIR) : new Map<string, string>();
  const latest = (all: string[]) => all.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
  return new Map(
    [...files].map(([pagePath, file]) => [
      pagePath,
      latest([dates.get(file)!, ...(placed.get(pagePath) ?? []).map((section) => sectionDates.get(section)!)]),
    ]),
  );
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
