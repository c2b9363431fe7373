import type { MetaDescriptor } from "react-router";
import type { PageDocument } from "../contract/generated/schema-types.ts";
import type { RenderedImage, RenditionSource } from "../contract/media.ts";

/** The pictures of a block: every object with a `src` and a rendition in it, however deep. */
function renderedIn(value: unknown): RenderedImage[] {
  if (Array.isArray(value)) return value.flatMap(renderedIn);
  if (typeof value !== "object" || value === null) return [];
  const image = value as RenderedImage;
  if (typeof image.src === "string" && image.rendition) return [image];
  return Object.values(value).flatMap(renderedIn);
}

/**
 * A preload of the page's first picture (its largest above the fold), in its newest format with its widths: the
 * browser starts it with the document instead of after the style sheet, which is most of a photo hero's LCP. A browser
 * that cannot show the format skips the preload (`type`), and loads the <picture> as it comes. A picture with a narrow
 * shape has a preload for each shape, each for the viewports that show it (`media`), so that a screen fetches one.
 */
export function preloadFirstPicture(page: PageDocument): MetaDescriptor[] {
  const first = page.blocks
    .slice(0, 1)
    .flatMap(renderedIn)
    .find((image) => image.rendition!.fetch === "first")?.rendition;
  const source = first?.sources[0];
  if (!first || !source) return [];
  const preload = (newest: RenditionSource, sizes: string, media?: string): MetaDescriptor => ({
    tagName: "link",
    rel: "preload",
    as: "image",
    type: newest.type,
    imageSrcSet: newest.srcset,
    imageSizes: sizes,
    ...(media ? { media } : {}),
    fetchPriority: "high",
  });
  const narrow = first.narrow;
  if (!narrow?.sources[0]) return [preload(source, first.sizes)];
  return [preload(narrow.sources[0], narrow.sizes, narrow.media), preload(source, first.sizes, narrow.wideMedia)];
}
