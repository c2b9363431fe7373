import { describe, expect, it } from "vitest";
import type { PageDocument } from "../contract/generated/schema-types.ts";
import type { Rendition } from "../contract/media.ts";
import { preloadFirstPicture } from "./preload-picture.ts";

const AVIF = "/_img/harbour-960.aaaaaaaaaaaa.avif 960w, /_img/harbour-1920.bbbbbbbbbbbb.avif 1920w";
const NARROW_AVIF = "/_img/harbour-narrow-390.cccccccccccc.avif 390w, /_img/harbour-narrow-780.dddddddddddd.avif 780w";

const rendition = (narrow?: Rendition["narrow"]): Rendition => ({
  sources: [
    { type: "image/avif", srcset: AVIF },
    { type: "image/webp", srcset: "/_img/harbour-960.eeeeeeeeeeee.webp 960w" },
    { type: "image/jpeg", srcset: "/_img/harbour-960.ffffffffffff.jpg 960w" },
  ],
  src: "/_img/harbour-960.ffffffffffff.jpg",
  sizes: "(min-width: 960px) 100vw, 960px",
  width: 960,
  height: 640,
  fetch: "first",
  ...(narrow ? { narrow } : {}),
});

const page = (first: Rendition): PageDocument =>
  ({
    path: "/",
    title: "Home",
    description: "A page with a photo behind its hero.",
    blocks: [
      {
        type: "hero",
        heading: "Claims handled",
        imagePlacement: "behind",
        image: { src: "/media/harbour.jpg", alt: "A harbour", rendition: first },
      },
    ],
  }) as unknown as PageDocument;

describe("preloadFirstPicture", () => {
  it("preloads the first block's first picture in its newest format, with its widths and sizes", () => {
    expect(preloadFirstPicture(page(rendition()))).toEqual([
      {
        tagName: "link",
        rel: "preload",
        as: "image",
        type: "image/avif",
        imageSrcSet: AVIF,
        imageSizes: "(min-width: 960px) 100vw, 960px",
        fetchPriority: "high",
      },
    ]);
  });

  it("preloads each shape of a picture with a narrow one for the viewports that show it, so a screen fetches one", () => {
    const narrow = {
      media: "(max-width: 599px)",
      wideMedia: "(min-width: 600px)",
      sources: [{ type: "image/avif" as const, srcset: NARROW_AVIF }],
      sizes: "100vw",
      width: 780,
      height: 1170,
    };
    const links = preloadFirstPicture(page(rendition(narrow))) as Record<string, unknown>[];
    expect(links.map((link) => [link.media, link.imageSrcSet, link.imageSizes])).toEqual([
      ["(max-width: 599px)", NARROW_AVIF, "100vw"],
      ["(min-width: 600px)", AVIF, "(min-width: 960px) 100vw, 960px"],
    ]);
  });
});
