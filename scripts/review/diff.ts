/**
 * The pixel difference of two screenshots (pixelmatch). Pages of different heights are compared where they overlap;
 * the part one of them lacks counts as changed, every pixel of it, and is painted in the diff image.
 */
import fs from "node:fs";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

/** A rectangle of an image, in pixels from its top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelDiff {
  /** Changed pixels, the padding included. */
  changed: number;
  /** Pixels of the larger of the two images. */
  total: number;
  width: number;
  height: number;
  /** The smallest rectangle holding every changed pixel (padding included); undefined when none changed. */
  box?: Box;
}

/** pixelmatch's default colour sensitivity, with anti-aliased pixels not counted (its default too). */
const THRESHOLD = 0.1;
/**
 * How the diff image is written: one fixed row filter and a light compression. pngjs's default tries every filter on
 * every row and compresses hardest, which took six times as long (3 s for a 1366 × 3800 page under load, 0.5 s this
 * way) for a file about 40 % smaller that only the report reads.
 */
const DIFF_PNG = { filterType: 1, deflateLevel: 3 };
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

/** The bounding box of the pixels pixelmatch painted in its diff colour (red) in a `width`-wide RGBA buffer. */
function changedBox(diff: Buffer, width: number, height: number): Box | undefined {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // Unchanged pixels are drawn grey (red = green = blue), anti-aliased ones yellow: pure red is a change.
      if (diff[i] !== PADDING[0] || diff[i + 1] !== PADDING[1] || diff[i + 2] !== PADDING[2]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  return right < 0 ? undefined : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The smallest rectangle holding two boxes, either of which may be missing. */
function union(a: Box | undefined, b: Box | undefined): Box | undefined {
  if (!a || !b) return a ?? b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
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
  fs.writeFileSync(diffFile, PNG.sync.write(diff, DIFF_PNG));
  // The rows below the shorter page and the columns right of the narrower one are all changed.
  const padding = union(
    height > overlap.height ? { x: 0, y: overlap.height, width, height: height - overlap.height } : undefined,
    width > overlap.width ? { x: overlap.width, y: 0, width: width - overlap.width, height } : undefined,
  );
  const box = union(inOverlap > 0 ? changedBox(overlapDiff, overlap.width, overlap.height) : undefined, padding);
  const changed = inOverlap + width * height - overlap.width * overlap.height;
  return { changed, total: width * height, width, height, ...(box && { box }) };
}
