import fs from "node:fs";
import path from "node:path";
import type { Sharp } from "sharp";
import {
  type FocalPoint,
  type ImageCrop,
  type ImageSlot,
  type Rendition,
  type RenditionSource,
  narrowMedia,
  shapeViewports,
  wideMedia,
  slotSizes,
  slotWidths,
} from "../contract/media.ts";
import { digest } from "../contract/digest.ts";
import { writeAtomically } from "./cache-files.ts";
import { cropBox, focusWithin, scaleThenCut, widestAt } from "./geometry.ts";
import { type ImageLibrary, imageLibrary } from "./image-library.ts";
import { type ImageFacts, MAX_IMAGE_PIXELS } from "./inspect.ts";

/** The address under which the build serves the files it makes of images: content-hashed, so cached for a year. */
export const IMAGE_FILES_PATH = "/_img/";

/** An image as a page uses it: the file (checked by inspectImage) and how it is framed. */
export interface ImageSource {
  src: string;
  bytes: Buffer;
  /** The digest of `bytes` (SHA-256, hex), when the caller has it already. */
  digest?: string;
  facts: ImageFacts;
  focus?: FocalPoint;
  crop?: ImageCrop;
}

/** What an image became for one slot, and the names of the files made for it (under IMAGE_FILES_PATH). */
export interface RenditionResult {
  rendition: Rendition;
  files: string[];
}

type Encoded = "avif" | "webp" | "jpeg" | "png";

/**
 * How each format is written. AVIF and WebP at the qualities image CDNs default to for photos; the fallback JPEG
 * through mozjpeg. Every file is written without the source's metadata (sharp keeps none unless asked): no EXIF,
 * so no GPS position, camera serial or author, and its orientation already applied to the pixels.
 */
const ENCODERS: Record<Encoded, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, effort: 7 }),
};

/**
 * How a picture under the scrim (a slot's `dimmed`) is written: AVIF at 40, WebP at 68, JPEG at 70. The scrim lets a
 * third of the photo's contrast through, and its encoding's artefacts with it: side by side under the scrim, these
 * files show as the plain ones do, and a phone's 780 × 1170 backdrop is 17 kB of AVIF instead of 57 kB, bytes its
 * largest paint waits for on a slow connection.
 */
const DIMMED_QUALITY = { avif: 40, webp: 68, jpeg: 70 } as const;
const DIMMED_ENCODERS: Record<Encoded, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: DIMMED_QUALITY.avif, effort: 2 }),
  webp: (image) => image.webp({ quality: DIMMED_QUALITY.webp, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: DIMMED_QUALITY.jpeg, mozjpeg: true }),
  png: ENCODERS.png,
};

const MEDIA_TYPES: Record<Encoded, RenditionSource["type"]> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * What changes every file when it changes: this pipeline's own version (bump it when ENCODERS or the geometry change)
 * and the image library's, whose encoders may write other bytes.
 */
const pipelineOf = ({ versions }: ImageLibrary) => `1 sharp ${versions.sharp} vips ${versions.vips}`;

/** The placeholder's width: a data: URL of a few hundred bytes, blurred by the browser's scaling. */
const PLACEHOLDER_WIDTH = 16;

const stemOf = (src: string) =>
  path.posix
    .basename(src)
    .replace(/\.[^.]+$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "image";

function kept(file: string): RenditionResult | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as RenditionResult;
  } catch {
    return undefined;
  }
}

/**
 * The files an image is made into for a slot, and its rendition: each width the slot needs (slotWidths), never wider
 * than the image, in AVIF, WebP and the fallback (JPEG, or PNG for an image with transparency), cut to the slot's shape
 * around the focal point; for a slot with a narrow shape, the same again in that shape at the widths of the narrow
 * viewports (named `-narrow-`), the slot's own shape then made for the wider ones only. Everything is kept in
 * `cacheDir` under names made of what it is made from: an image, slot and framing seen before cost reading the file
 * and nothing else.
 */
export async function renditionOf(source: ImageSource, slot: ImageSlot, cacheDir: string): Promise<RenditionResult> {
  const { facts } = source;
  if (facts.format === "svg") {
    // A drawing scales by itself: it is served as it is, at the size it says it has.
    const rendition = {
      sources: [],
      src: source.src,
      sizes: slotSizes(slot, facts.width / facts.height),
      width: facts.width,
      height: facts.height,
    };
    return { rendition, files: [] };
  }
  const region = cropBox(facts.width, facts.height, source.crop);
  const aspect = slot.aspect ?? region.width / region.height;
  const point = focusWithin(region, facts, source.focus);
  const fallback: Encoded = facts.hasAlpha ? "png" : "jpeg";
  const formats: Encoded[] = ["avif", "webp", fallback];
  const { narrow } = slot;
  const viewports = narrow ? shapeViewports(narrow) : undefined;
  const widths = slotWidths(slot, aspect, widestAt(region, aspect), viewports?.wide);
  const narrowWidths = narrow
    ? slotWidths({ rules: narrow.rules }, narrow.aspect, widestAt(region, narrow.aspect), viewports!.narrow)
    : [];
  const sharp = await imageLibrary();
  const key = digest(
    JSON.stringify([
      pipelineOf(sharp),
      source.digest ?? digest(source.bytes),
      slot,
      source.focus ?? null,
      source.crop ?? null,
      source.src,
      widths,
      // Only a slot with a narrow shape says so: every other picture keeps the files the cache has of it.
      ...(narrow ? [narrowWidths] : []),
      // A dimmed slot's qualities: changing them makes the dimmed pictures' files again, and no other picture's (as a
      // change of the pipeline would).
      ...(slot.dimmed ? [DIMMED_QUALITY] : []),
    ]),
  );
  const record = path.join(cacheDir, "renditions", `${key}.json`);
  const previous = kept(record);
  if (previous?.files.every((name) => fs.existsSync(path.join(cacheDir, "files", name)))) return previous;

  const stem = stemOf(source.src);
  const encoders = slot.dimmed ? DIMMED_ENCODERS : ENCODERS;
  const framed = (width: number, shape: number) => {
    const target = { width, height: Math.max(1, Math.round(width / shape)) };
    const { scaled, cut } = scaleThenCut(region, target, point);
    return sharp(source.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" })
      .autoOrient()
      .extract(region)
      .resize(scaled.width, scaled.height, { fit: "fill" })
      .extract(cut)
      .toColourspace("srgb");
  };

  /** The files of one shape at its widths, in every format; `tag` tells a narrow shape's names from the slot's own. */
  const shapeFiles = async (shape: number, shapeWidths: number[], tag: string) => {
    const made = new Map<Encoded, { name: string; width: number }[]>(formats.map((format) => [format, []]));
    for (const width of shapeWidths) {
      const pipeline = framed(width, shape);
      await Promise.all(
        formats.map(async (format) => {
          const hash = digest(`${key} ${tag}${width} ${format}`).slice(0, 12);
          const name = `${stem}-${tag}${width}.${hash}.${format === "jpeg" ? "jpg" : format}`;
          const file = path.join(cacheDir, "files", name);
          if (!fs.existsSync(file)) writeAtomically(file, await encoders[format](pipeline.clone()).toBuffer());
          made.get(format)!.push({ name, width });
        }),
      );
    }
    const srcset = (format: Encoded) =>
      made
        .get(format)!
        .map(({ name, width }) => `${IMAGE_FILES_PATH}${name} ${width}w`)
        .join(", ");
    const widest = shapeWidths.at(-1)!;
    return {
      sources: formats.map((format) => ({ type: MEDIA_TYPES[format], srcset: srcset(format) })),
      src: `${IMAGE_FILES_PATH}${made.get(fallback)!.at(-1)!.name}`,
      width: widest,
      height: Math.max(1, Math.round(widest / shape)),
      files: formats.flatMap((format) => made.get(format)!.map(({ name }) => name)),
    };
  };

  const own = await shapeFiles(aspect, widths, "");
  const cut = narrow ? await shapeFiles(narrow.aspect, narrowWidths, "narrow-") : undefined;
  const placeholder = await ENCODERS.webp(framed(PLACEHOLDER_WIDTH, aspect)).webp({ quality: 30 }).toBuffer();
  const result: RenditionResult = {
    rendition: {
      sources: own.sources,
      src: own.src,
      sizes: slotSizes(slot, aspect),
      width: own.width,
      height: own.height,
      // Behind a transparent image (a logo), a placeholder would show through once it has arrived.
      ...(facts.hasAlpha ? {} : { placeholder: `data:image/webp;base64,${placeholder.toString("base64")}` }),
      ...(narrow && cut
        ? {
            narrow: {
              media: narrowMedia(narrow),
              wideMedia: wideMedia(narrow),
              sources: cut.sources,
              sizes: slotSizes({ rules: narrow.rules }, narrow.aspect),
              width: cut.width,
              height: cut.height,
            },
          }
        : {}),
    },
    files: [...own.files, ...(cut?.files ?? [])],
  };
  writeAtomically(record, JSON.stringify(result));
  return result;
}
