import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { ImageSlot } from "../contract/media.ts";
import { cameraPhoto, colourAt, logoPng, photoWithSubject } from "../tests/support/images.ts";
import { inspectImage } from "./inspect.ts";
import { type ImageSource, renditionOf } from "./renditions.ts";

const caches: string[] = [];
const cacheDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "renditions-"));
  caches.push(dir);
  return dir;
};
afterAll(() => caches.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function source(src: string, bytes: Buffer, framing: Partial<ImageSource> = {}): Promise<ImageSource> {
  const inspection = await inspectImage(bytes, src);
  if (!inspection.ok) throw inspection.error;
  return { src, bytes, facts: inspection.facts, ...framing };
}

const isRed = (colour: { r: number; g: number; b: number }) => colour.r > 200 && colour.b < 80;

const FIXED: ImageSlot = { rules: [{ px: 300 }] };
const fileOf = (dir: string, url: string) => path.join(dir, "files", path.posix.basename(url));
const candidates = (srcset: string) =>
  srcset.split(", ").map((candidate) => {
    const [url, descriptor] = candidate.split(" ");
    return { url: url!, width: Number(descriptor!.replace("w", "")) };
  });

describe("renditionOf", () => {
  it("makes AVIF, WebP and JPEG at each width the slot needs, without the camera's EXIF", async () => {
    const dir = cacheDir();
    const photo = await source("/media/Team Photo.JPG", await cameraPhoto({ width: 1200, height: 800 }));
    expect((await sharp(photo.bytes).metadata()).exif).toBeDefined();
    const { rendition, files } = await renditionOf(photo, FIXED, dir);
    expect(rendition.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(rendition).toMatchObject({ sizes: "300px", width: 600, height: 400 });
    expect(rendition.src).toMatch(/^\/_img\/team-photo-600\.[0-9a-f]{12}\.jpg$/);
    expect(files).toHaveLength(6);
    for (const { srcset, type } of rendition.sources) {
      expect(candidates(srcset).map((candidate) => candidate.width)).toEqual([300, 600]);
      for (const { url, width } of candidates(srcset)) {
        const made = await sharp(fs.readFileSync(fileOf(dir, url))).metadata();
        expect({ type: `image/${made.format === "heif" ? "avif" : made.format}`, width: made.width }).toEqual({
          type,
          width,
        });
        expect(made.height).toBe(Math.round(width / 1.5));
        expect(made.exif).toBeUndefined();
        expect(made.xmp).toBeUndefined();
      }
    }
    expect(rendition.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(rendition.placeholder!.length).toBeLessThan(600);
  });

  it("costs nothing the second time: the same files, none written again", async () => {
    const dir = cacheDir();
    const photo = await source("/media/office.jpg", await cameraPhoto({ width: 900, height: 600 }));
    const first = await renditionOf(photo, FIXED, dir);
    const times = first.files.map((name) => fs.statSync(path.join(dir, "files", name)).mtimeMs);
    const started = performance.now();
    expect(await renditionOf(photo, FIXED, dir)).toEqual(first);
    expect(performance.now() - started).toBeLessThan(100);
    expect(first.files.map((name) => fs.statSync(path.join(dir, "files", name)).mtimeMs)).toEqual(times);
  });

  it("writes the same bytes under the same names in another cache", async () => {
    const photo = await source("/media/office.jpg", await cameraPhoto({ width: 700, height: 500, exif: false }));
    const [one, two] = [cacheDir(), cacheDir()];
    const [a, b] = [await renditionOf(photo, FIXED, one), await renditionOf(photo, FIXED, two)];
    expect(b).toEqual(a);
    for (const name of a.files)
      expect(
        fs.readFileSync(path.join(two, "files", name)).equals(fs.readFileSync(path.join(one, "files", name))),
      ).toBe(true);
  });

  it("is never wider than the image, and keeps transparency in a PNG fallback", async () => {
    const logo = await source("/media/logos/acme.png", await logoPng(250, 100));
    const { rendition } = await renditionOf(logo, { rules: [{ px: 200 }] }, cacheDir());
    expect(candidates(rendition.sources[2]!.srcset).map((candidate) => candidate.width)).toEqual([200, 250]);
    expect(rendition.sources[2]!.type).toBe("image/png");
    expect(rendition).toMatchObject({ width: 250, height: 100 });
  });

  it("turns a photo by its orientation before anything else", async () => {
    const dir = cacheDir();
    const turned = await source("/media/portrait.jpg", await cameraPhoto({ width: 600, height: 400, orientation: 6 }));
    const { rendition } = await renditionOf(turned, FIXED, dir);
    const made = await sharp(fs.readFileSync(fileOf(dir, rendition.src))).metadata();
    expect([made.width, made.height, made.orientation]).toEqual([400, 600, undefined]);
  });

  it("scales first, then cuts around the focal point: a wide photo in a square keeps its subject and its height", async () => {
    const dir = cacheDir();
    const wide = await source("/media/wide.jpg", await photoWithSubject(5000, 2000, { x: 0.8, y: 0.5 }), {
      focus: { x: 0.8, y: 0.5 },
    });
    const { rendition } = await renditionOf(wide, { rules: [{ px: 250 }], aspect: 1 }, dir);
    const square = fs.readFileSync(fileOf(dir, rendition.src));
    expect(await sharp(square).metadata()).toMatchObject({ width: 500, height: 500 });
    // The subject (a red square a tenth of the photo's height) sits in the middle, at the scale of the whole photo.
    expect(await colourAt(square, { x: 0.5, y: 0.5 })).toSatisfy(isRed);
    expect(await colourAt(square, { x: 0.5, y: 0.2 })).not.toSatisfy(isRed);
    // Without a focal point, the centre: the subject is out of the frame.
    const centred = await renditionOf({ ...wide, focus: undefined }, { rules: [{ px: 250 }], aspect: 1 }, dir);
    expect(await colourAt(fs.readFileSync(fileOf(dir, centred.rendition.src)), { x: 0.5, y: 0.5 })).not.toSatisfy(
      isRed,
    );
  });

  it("keeps a crop first, then frames the focal point within it", async () => {
    const dir = cacheDir();
    const photo = await source("/media/crop.jpg", await photoWithSubject(2000, 1000, { x: 0.25, y: 0.5 }), {
      crop: { x: 0, y: 0, width: 0.5, height: 1 },
      focus: { x: 0.25, y: 0.5 },
    });
    const { rendition } = await renditionOf(photo, FIXED, dir);
    expect(rendition).toMatchObject({ width: 600, height: 600 });
    expect(await colourAt(fs.readFileSync(fileOf(dir, rendition.src)), { x: 0.5, y: 0.5 })).toSatisfy(isRed);
  });

  it("writes sRGB with 8 bits a channel from a CMYK JPEG and a 16-bit PNG", async () => {
    const dir = cacheDir();
    const base = sharp({ create: { width: 400, height: 300, channels: 3, background: "#3366cc" } });
    const cmyk = await source("/media/print.jpg", await base.clone().toColourspace("cmyk").jpeg().toBuffer());
    const deep = await source("/media/deep.png", await base.clone().toColourspace("rgb16").png().toBuffer());
    for (const image of [cmyk, deep]) {
      const { rendition } = await renditionOf(image, { rules: [{ px: 100 }] }, dir);
      const made = await sharp(fs.readFileSync(fileOf(dir, rendition.src))).metadata();
      expect([made.space, made.depth]).toEqual(["srgb", "uchar"]);
    }
  });

  it("makes a narrow shape its own files, cut around the focal point, for the narrow viewports only", async () => {
    const dir = cacheDir();
    const wide = await source("/media/harbour.jpg", await photoWithSubject(2000, 1400, { x: 0.7, y: 0.5 }), {
      focus: { x: 0.7, y: 0.5 },
    });
    const slot: ImageSlot = {
      rules: [{ px: 960 }, { from: 960, vw: 100 }],
      aspect: 3 / 2,
      narrow: { below: 600, aspect: 2 / 3, rules: [{ vw: 100 }] },
    };
    const { rendition, files } = await renditionOf(wide, slot, dir);
    // The slot's own shape for 768 and 1366 px (960 and 1920, 1366 and 2732 wide: the last two the photo's 2000)…
    expect(candidates(rendition.sources[0]!.srcset).map((candidate) => candidate.width)).toEqual([960, 1366, 2000]);
    // …and the upright cut for a phone's 390 px, at 1x and 2x.
    const narrow = rendition.narrow!;
    expect(narrow).toMatchObject({
      media: "(max-width: 599px)",
      wideMedia: "(min-width: 600px)",
      sizes: "100vw",
      width: 780,
      height: 1170,
    });
    expect(narrow.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    for (const { srcset } of narrow.sources) {
      expect(candidates(srcset).map((candidate) => candidate.width)).toEqual([390, 780]);
      for (const { url, width } of candidates(srcset)) {
        expect(url).toMatch(/\/harbour-narrow-\d+\.[0-9a-f]{12}\.\w+$/);
        expect(await sharp(fs.readFileSync(fileOf(dir, url))).metadata()).toMatchObject({
          width,
          height: Math.round(width * 1.5),
        });
      }
    }
    // Scaled to the photo's height, then cut around the subject, which stays in the middle of the upright cut.
    const upright = fs.readFileSync(fileOf(dir, candidates(narrow.sources[2]!.srcset).at(-1)!.url));
    expect(await colourAt(upright, { x: 0.5, y: 0.5 })).toSatisfy(isRed);
    expect(files).toHaveLength(3 * 3 + 3 * 2);
  });

  it("writes a picture under the scrim (a dimmed slot) lighter, in the same widths and formats", async () => {
    const photo = await source("/media/backdrop.jpg", await cameraPhoto({ width: 1600, height: 1200, exif: false }));
    const dir = cacheDir();
    const plain = await renditionOf(photo, FIXED, dir);
    const dimmed = await renditionOf(photo, { ...FIXED, dimmed: true }, dir);
    const bytes = (srcset: string) =>
      candidates(srcset).reduce((sum, { url }) => sum + fs.statSync(fileOf(dir, url)).size, 0);
    for (const [index, { type, srcset }] of dimmed.rendition.sources.entries()) {
      const before = plain.rendition.sources[index]!;
      expect([type, candidates(srcset).map(({ width }) => width)]).toEqual([
        before.type,
        candidates(before.srcset).map(({ width }) => width),
      ]);
      expect(bytes(srcset), type).toBeLessThan(bytes(before.srcset));
    }
  });

  it("serves an SVG as it is, at the size it draws", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><path d="M0 0h9v9z"/></svg>');
    expect(await renditionOf(await source("/media/logo.svg", svg), FIXED, cacheDir())).toEqual({
      rendition: { sources: [], src: "/media/logo.svg", sizes: "300px", width: 120, height: 40 },
      files: [],
    });
  });
});
