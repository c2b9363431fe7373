import type { Metadata } from "sharp";
import { type CatalogueError, catalogueError, mediaErrors } from "../contract/errors.ts";
import { imageInfo } from "../contract/image-size.ts";
import { imageLibrary } from "./image-library.ts";
import { svgProblem, svgSize } from "./svg.ts";

/** The largest file an image may be: a camera's JPEG is 5–20 MB; more is a mistake or an attack. */
export const MAX_IMAGE_BYTES = 25_000_000;
/**
 * The most pixels an image may have, checked from its header before anything decodes it: 100 megapixels is more than
 * any camera a marketing team has, and a 30,000 × 30,000 image (3.6 GB once decoded) is refused before it costs memory.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "svg";

/** What a checked image is: its format and its size as it shows (a photo turned by its EXIF orientation counts turned). */
export interface ImageFacts {
  format: ImageFormat;
  width: number;
  height: number;
  hasAlpha: boolean;
}

export type Inspection = { ok: true; facts: ImageFacts } | { ok: false; error: CatalogueError };

const EXTENSION_FORMATS: Record<string, ImageFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "avif",
  svg: "svg",
};

const FORMAT_NAMES: Record<string, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
  svg: "SVG",
  gif: "GIF",
  tiff: "TIFF",
  heic: "HEIC",
  bmp: "BMP",
  pdf: "PDF",
};

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString("latin1", start, end);

/** The format the bytes hold, read from their first bytes (never from the name), or undefined for none known. */
export function sniffFormat(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const brands = ascii(bytes, 8, Math.min(bytes.length, 8 + bytes.readUInt32BE(0)));
    if (/avi[fs]/.test(brands)) return "avif";
    if (/hei[cfx]|mif1|msf1/.test(brands)) return "heic";
  }
  if (bytes.length >= 6 && /^GIF8[79]a/.test(ascii(bytes, 0, 6))) return "gif";
  if (bytes.length >= 4 && (ascii(bytes, 0, 4) === "II*\0" || ascii(bytes, 0, 4) === "MM\0*")) return "tiff";
  if (bytes.length >= 2 && ascii(bytes, 0, 2) === "BM") return "bmp";
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (
    /^(\uFEFF)?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(
      bytes.toString("utf8", 0, 4096),
    )
  )
    return "svg";
  return undefined;
}

const extensionOf = (file: string) => /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? "";

/** The first line of a library's message, without its own prefix: enough to say what broke. */
const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0]!.replace(/^Vips\w*:\s*/, "");

/** Width and height of a WebP from its header (VP8X, lossy VP8 or lossless VP8L), and whether it is animated. */
function webpHeader(bytes: Buffer): { width: number; height: number; animated: boolean } | undefined {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === "VP8X" && bytes.length >= 30)
    return {
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
      animated: (bytes[20]! & 0x02) !== 0,
    };
  if (chunk === "VP8 " && bytes.length >= 30)
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff, animated: false };
  if (chunk === "VP8L" && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, animated: false };
  }
  return undefined;
}

/** The pixel size a raster's header gives, where it can be read without an image library (PNG, JPEG, WebP). */
function headerSize(bytes: Buffer, format: string): { width: number; height: number; animated?: boolean } | undefined {
  if (format === "webp") return webpHeader(bytes);
  return imageInfo(bytes);
}

/**
 * The checks that need no decoding, in the order a person would fix them: the file's size, what its bytes hold
 * against what its name says, an SVG's content, and the pixel count and animation a PNG, JPEG or WebP header declares.
 * Validation runs these on every image a page names, at once; inspectImage runs them first.
 */
export function quickInspection(bytes: Buffer, file: string): CatalogueError | undefined {
  if (bytes.length > MAX_IMAGE_BYTES)
    return catalogueError(mediaErrors.tooManyBytes, { file, bytes: bytes.length, limit: MAX_IMAGE_BYTES });
  const holds = sniffFormat(bytes);
  if (!holds) return catalogueError(mediaErrors.notAnImage, { file });
  const named = extensionOf(file);
  if (!Object.values(EXTENSION_FORMATS).includes(holds as ImageFormat))
    return catalogueError(mediaErrors.unsupportedFormat, { file, format: FORMAT_NAMES[holds] ?? holds });
  if (EXTENSION_FORMATS[named] !== holds)
    return catalogueError(mediaErrors.wrongExtension, { file, holds: FORMAT_NAMES[holds]!, named });
  if (holds === "svg") {
    const found = svgProblem(bytes.toString("utf8"));
    return found ? catalogueError(mediaErrors.unsafeSvg, { file, found }) : undefined;
  }
  const header = headerSize(bytes, holds);
  if (header && header.width * header.height > MAX_IMAGE_PIXELS)
    return catalogueError(mediaErrors.tooManyPixels, { file, ...header, limit: MAX_IMAGE_PIXELS });
  if (header?.animated) return catalogueError(mediaErrors.animatedImage, { file });
  return undefined;
}

/**
 * Checks an image file as it would be put on a page: quickInspection's checks, then what only the image library can
 * tell (the pixel count of any format, the number of frames, and a whole decode, which a damaged or cut-short file
 * fails). `file` names it in the messages (its path under public/, or the name it was uploaded as). Nothing is written.
 */
export async function inspectImage(bytes: Buffer, file: string): Promise<Inspection> {
  const quick = quickInspection(bytes, file);
  if (quick) return { ok: false, error: quick };
  const format = sniffFormat(bytes) as ImageFormat;
  if (format === "svg") return inspectSvg(bytes.toString("utf8"), file);
  return inspectRaster(bytes, file, format);
}

function inspectSvg(text: string, file: string): Inspection {
  const size = svgSize(text);
  if (!size) return { ok: false, error: catalogueError(mediaErrors.svgWithoutSize, { file }) };
  return { ok: true, facts: { format: "svg", ...size, hasAlpha: true } };
}

async function inspectRaster(bytes: Buffer, file: string, format: Exclude<ImageFormat, "svg">): Promise<Inspection> {
  const sharp = await imageLibrary();
  let header: Metadata;
  try {
    // The header only: no pixel is decoded before their count is known.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { ok: false, error: catalogueError(mediaErrors.damagedImage, { file, detail: firstLine(error) }) };
  }
  const { width = 0, height = 0 } = header;
  if (width * height > MAX_IMAGE_PIXELS)
    return {
      ok: false,
      error: catalogueError(mediaErrors.tooManyPixels, { file, width, height, limit: MAX_IMAGE_PIXELS }),
    };
  if ((header.pages ?? 1) > 1)
    return { ok: false, error: catalogueError(mediaErrors.animatedImage, { file, frames: header.pages! }) };
  try {
    // A whole decode at a small size: libvips reads every byte of the file, and stops at a cut-short one.
    await sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_IMAGE_PIXELS }).resize(32).toBuffer();
  } catch (error) {
    return { ok: false, error: catalogueError(mediaErrors.damagedImage, { file, detail: firstLine(error) }) };
  }
  const turned = (header.orientation ?? 1) >= 5;
  return {
    ok: true,
    facts: {
      format,
      width: turned ? height : width,
      height: turned ? width : height,
      hasAlpha: header.hasAlpha ?? false,
    },
  };
}
