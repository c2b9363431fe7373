import { describe, expect, it } from "vitest";
import { animated, cameraPhoto, hugePngHeader, logoPng } from "../tests/support/images.ts";
import { inspectImage } from "./inspect.ts";

const refusal = async (bytes: Buffer, file: string) => {
  const inspection = await inspectImage(bytes, file);
  if (inspection.ok) throw new Error(`${file} was taken`);
  return `${inspection.error.code} ${inspection.error.message}`;
};

describe("inspectImage", () => {
  it("takes a camera's JPEG and tells its size as it shows, turned by its orientation", async () => {
    const photo = await cameraPhoto({ width: 600, height: 400 });
    expect(await inspectImage(photo, "/media/office.jpg")).toEqual({
      ok: true,
      facts: { format: "jpeg", width: 600, height: 400, hasAlpha: false },
    });
    const turned = await cameraPhoto({ width: 600, height: 400, orientation: 6 });
    expect(await inspectImage(turned, "/media/office.jpeg")).toMatchObject({
      ok: true,
      facts: { width: 400, height: 600 },
    });
  });

  it("takes a PNG with transparency and an SVG that only draws", async () => {
    expect(await inspectImage(await logoPng(320, 120), "/media/logos/acme.png")).toMatchObject({
      ok: true,
      facts: { format: "png", hasAlpha: true },
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><path d="M0 0h120v40z"/></svg>';
    expect(await inspectImage(Buffer.from(svg), "/media/logos/acme.svg")).toEqual({
      ok: true,
      facts: { format: "svg", width: 120, height: 40, hasAlpha: true },
    });
  });

  it("refuses a PNG named .jpg, naming what it holds", async () => {
    expect(await refusal(await logoPng(40, 20), "/media/logo.jpg")).toBe(
      "IMG003 '/media/logo.jpg' is named .jpg but holds a PNG image",
    );
  });

  it("refuses a corrupt JPEG and a truncated one, as damaged", async () => {
    const photo = await cameraPhoto({ width: 300, height: 200, exif: false });
    const corrupt = Buffer.concat([photo.subarray(0, 4), Buffer.alloc(2000, 0x41)]);
    expect(await refusal(corrupt, "/media/corrupt.jpg")).toMatch(
      /^IMG009 '\/media\/corrupt\.jpg' is damaged and cannot be read whole \(.+\)$/,
    );
    expect(await refusal(photo.subarray(0, photo.length >> 1), "/media/half.jpg")).toBe(
      "IMG009 '/media/half.jpg' is damaged and cannot be read whole (premature end of JPEG image)",
    );
  });

  it("refuses a 30,000 × 30,000 image from its header, before decoding a pixel", async () => {
    const started = performance.now();
    expect(await refusal(hugePngHeader(), "/media/bomb.png")).toBe(
      "IMG004 '/media/bomb.png' is 30000 × 30000 pixels (900 megapixels), more than the 100 megapixels an image may have",
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses a 40 MB file before reading what it holds", async () => {
    expect(await refusal(Buffer.alloc(40_000_000), "camera-raw.jpg")).toBe(
      "IMG005 'camera-raw.jpg' is 40.0 MB, more than the 25.0 MB an image file may be",
    );
  });

  it("refuses animation, and formats the site does not take", async () => {
    expect(await refusal(await animated("webp"), "/media/spinner.webp")).toBe(
      "IMG006 '/media/spinner.webp' is animated; pictures on pages are still images",
    );
    expect(await refusal(await animated("gif"), "/media/spinner.gif")).toBe(
      "IMG008 '/media/spinner.gif' is a GIF file; pictures on pages are JPEG, PNG, WebP, AVIF or SVG",
    );
    expect(await refusal(Buffer.from("%PDF-1.7\n..."), "/media/brochure.pdf")).toMatch(/^IMG008 .* is a PDF file;/);
    expect(await refusal(Buffer.from("hello"), "/media/notes.png")).toBe(
      "IMG002 '/media/notes.png' is not an image the site can read: its bytes are no JPEG, PNG, WebP, AVIF or SVG",
    );
  });

  it("refuses an SVG that says no size, which no page could keep a place for", async () => {
    expect(
      await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h9v9z"/></svg>'), "/media/z.svg"),
    ).toBe(
      "IMG014 '/media/z.svg' says neither its width and height nor its viewBox, so a page cannot keep its place while it loads",
    );
  });

  it("refuses an SVG with a script or an event handler, naming it", async () => {
    const script = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    expect(await refusal(Buffer.from(script), "/media/x.svg")).toBe(
      "IMG007 '/media/x.svg' holds a script; an SVG on the site may only draw",
    );
    const onload = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>';
    expect(await refusal(Buffer.from(onload), "/media/y.svg")).toBe(
      "IMG007 '/media/y.svg' holds an event handler ('onload'); an SVG on the site may only draw",
    );
  });
});
