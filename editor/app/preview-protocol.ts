import type { IndustryLink } from "../../kit/site-data.ts";
import type { PageSummary } from "./api.ts";

/** The key under which a section reference handed to the preview carries the blocks it places, defaults filled in. */
export const PLACED = "placedBlocks";

/** What the editor hands its preview frame on every change. */
export interface PreviewState {
  path: string;
  blocks: unknown[];
  site: unknown;
  industries: IndustryLink[];
  selected: number | "page";
  /** True when the selection came from the outline, so the preview brings the block into view. */
  scrollToSelected: boolean;
}

/** Each block type's example, rendered once for the palette's thumbnails. */
export interface ThumbnailRequest {
  examples: { type: string; block: unknown }[];
}

/** Static markup of each example (by block type) and the style rules it needs, to show without the preview's code. */
export interface Thumbnails {
  css: string;
  markup: Record<string, string>;
}

/** The Industries menu as the site builds it (renderer/content/pages.server.ts), from the pages' `nav`. */
export const industryLinks = (pages: PageSummary[]): IndustryLink[] =>
  pages
    .filter((page) => page.nav?.menu === "industries")
    .map((page) => ({
      label: page.nav!.label ?? "",
      href: page.path,
      description: page.nav!.description ?? "",
      icon: page.nav!.icon as IndustryLink["icon"],
      featured: page.nav!.featured ?? false,
      order: page.nav!.order ?? 100,
    }))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
