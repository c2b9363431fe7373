import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Rendition } from "../../contract/media.ts";
import { renderWithProviders } from "../../tests/render.tsx";
import { Picture } from "./Picture.tsx";

/** A photo as the build hands it over: two widths in each of its three formats. */
const rendition = (fetch?: Rendition["fetch"]): Rendition => ({
  sources: [
    { type: "image/avif", srcset: "/_img/team-358.aaaaaaaaaaaa.avif 358w, /_img/team-716.bbbbbbbbbbbb.avif 716w" },
    { type: "image/webp", srcset: "/_img/team-358.cccccccccccc.webp 358w, /_img/team-716.dddddddddddd.webp 716w" },
    { type: "image/jpeg", srcset: "/_img/team-358.eeeeeeeeeeee.jpg 358w, /_img/team-716.ffffffffffff.jpg 716w" },
  ],
  src: "/_img/team-716.ffffffffffff.jpg",
  sizes: "(min-width: 768px) 50vw, calc(100vw - 32px)",
  width: 716,
  height: 537,
  placeholder: "data:image/webp;base64,AAAA",
  ...(fetch ? { fetch } : {}),
});

const picture = (fetch?: Rendition["fetch"]) => {
  renderWithProviders(
    <Picture image={{ src: "/media/team.jpg", alt: "The team", rendition: rendition(fetch) }} w="100%" h="auto" />,
  );
  const image = screen.getByRole("img", { name: "The team" });
  return { image, sources: [...image.closest("picture")!.querySelectorAll("source")] };
};

describe("Picture", () => {
  it("writes each format's widths and the slot's sizes, and the file's width and height as attributes", () => {
    const { image, sources } = picture();
    expect(sources.map((source) => [source.type, source.srcset, source.sizes])).toEqual([
      ["image/avif", rendition().sources[0]!.srcset, rendition().sizes],
      ["image/webp", rendition().sources[1]!.srcset, rendition().sizes],
    ]);
    expect(image).toHaveAttribute("src", "/_img/team-716.ffffffffffff.jpg");
    expect(image).toHaveAttribute("srcset", rendition().sources[2]!.srcset);
    expect(image).toHaveAttribute("sizes", rendition().sizes);
    // The browser reserves the picture's shape from these before it arrives: nothing moves when it does.
    expect(image).toHaveAttribute("width", "716");
    expect(image).toHaveAttribute("height", "537");
  });

  it("waits until a picture nears the screen, and decodes it off the main thread", () => {
    const { image } = picture();
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveAttribute("decoding", "async");
    expect(image).not.toHaveAttribute("fetchpriority");
  });

  it("fetches the page's first picture at once and first, the fold's others at once", () => {
    const first = picture("first").image;
    expect(first).toHaveAttribute("loading", "eager");
    expect(first).toHaveAttribute("fetchpriority", "high");
    document.body.innerHTML = "";
    const now = picture("now").image;
    expect(now).toHaveAttribute("loading", "eager");
    expect(now).not.toHaveAttribute("fetchpriority");
  });

  it("writes a narrow shape's sources first, for its media query, with that shape's sizes, width and height", () => {
    const narrow = {
      media: "(max-width: 599px)",
      wideMedia: "(min-width: 600px)",
      sources: [
        { type: "image/avif", srcset: "/_img/team-narrow-390.gggggggggggg.avif 390w" },
        { type: "image/webp", srcset: "/_img/team-narrow-390.hhhhhhhhhhhh.webp 390w" },
        { type: "image/jpeg", srcset: "/_img/team-narrow-390.iiiiiiiiiiii.jpg 390w" },
      ],
      sizes: "100vw",
      width: 390,
      height: 585,
    } satisfies Rendition["narrow"];
    renderWithProviders(
      <Picture image={{ src: "/media/team.jpg", alt: "The team", rendition: { ...rendition(), narrow } }} />,
    );
    const image = screen.getByRole("img", { name: "The team" });
    const sources = [...image.closest("picture")!.querySelectorAll("source")];
    expect(
      sources.map((source) => [
        source.media,
        source.type,
        source.srcset,
        source.sizes,
        source.getAttribute("width"),
        source.getAttribute("height"),
      ]),
    ).toEqual([
      ...narrow.sources.map(({ type, srcset }) => [narrow.media, type, srcset, "100vw", "390", "585"]),
      ["", "image/avif", rendition().sources[0]!.srcset, rendition().sizes, null, null],
      ["", "image/webp", rendition().sources[1]!.srcset, rendition().sizes, null, null],
    ]);
    // Where no media query holds, the slot's own shape: the img keeps its files and its size.
    expect(image).toHaveAttribute("srcset", rendition().sources[2]!.srcset);
    expect(image).toHaveAttribute("width", "716");
  });
});
