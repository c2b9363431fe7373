/**
 * The pixel difference of two screenshots (pixelmatch). Pages of different heights are compared where they overlap;
 * the part one of them lacks counts as changed, every pixel of it, and is painted in the diff image.
 */
import fs from "node:fs";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

export interface PixelDiff {
  /** Changed pixels, the padding included. */
  changed: number;
  /** Pixels of the larger of the two images. */
  total: number;
  width: number;
  height: number;
}

/** pixelmatch's default colour sensitivity, with anti-aliased pixels not counted (its default too). */
const THRESHOLD = 0.1;
/** The colour of pixels only one image has: pixelmatch's red. */
const PADDING = [255, 0, 0, 255] as const;

/** The top-left `width` × `height` of an image. */
function crop(image: PNG, width: number, height: number): Buffer {
  if (image.width === width && image.height === height) return image.data;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    image.data.copy(out, y * width * 4, y * image.width * 4, (y * image.width + width) * 4);
  return out;
}

/** Compares `before` and `after` (PNG files) and writes the diff image to `diffFile`. */
export function diffImages(before: string, after: string, diffFile: string): PixelDiff {
  const a = PNG.sync.read(fs.readFileSync(before));
  const b = PNG.sync.read(fs.readFileSync(after));
  const overlap = { width: Math.min(a.width, b.width), height: Math.min(a.height, b.height) };
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const overlapDiff = Buffer.alloc(overlap.width * overlap.height * 4);
  const inOverlap = pixelmatch(
    crop(a, overlap.width, overlap.height),
    crop(b, overlap.width, overlap.height),
    overlapDiff,
    overlap.width,
    overlap.height,
    { threshold: THRESHOLD },
  );
  const diff = new PNG({ width, height });
  diff.data.fill(Buffer.from(PADDING));
  for (let y = 0; y < overlap.height; y++)
    overlapDiff.copy(diff.data, y * width * 4, y * overlap.width * 4, (y + 1) * overlap.width * 4);
  fs.writeFileSync(diffFile, PNG.sync.write(diff));
  return { changed: inOverlap + width * height - overlap.width * overlap.height, total: width * height, width, height };
}
