import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { catalogueError, mediaErrors } from "../../contract/errors.ts";
import { writeAtomically } from "../../imaging/cache-files.ts";
import { checkedImage } from "../../imaging/checked-image.ts";
import { svgProblem } from "../../imaging/svg.ts";
import { MEDIA_THUMBNAIL_WIDTH } from "../protocol.ts";

/** A thumbnail is at most this many times as high as it is wide: a strip of a picture stays a strip, not a tower. */
const TALLEST = 4;
/** The density librsvg draws an SVG at by default (pixels per inch): a drawing's own size at 1:1. */
const SVG_DENSITY = 72;

/** Where a picture's thumbnail is kept: in the picture cache, named by the picture's content and the thumbnail's width. */
export const thumbnailFile = (cacheDir: string, contentDigest: string) =>
  path.join(cacheDir, "thumbnails", `${contentDigest}-${MEDIA_THUMBNAIL_WIDTH}.webp`);

/**
 * A WebP of the picture for the media library, at most MEDIA_THUMBNAIL_WIDTH wide and never wider than the picture: turned
 * by its EXIF orientation, then without any of its metadata (sharp writes none unless told to). A drawing (SVG) is
 * drawn at the thumbnail's width, as it scales without loss.
 */
async function makeThumbnail(bytes: Buffer, drawing: { width: number; height: number } | undefined): Promise<Buffer> {
  const box = { width: MEDIA_THUMBNAIL_WIDTH, height: MEDIA_THUMBNAIL_WIDTH * TALLEST };
  const scale = drawing && Math.min(box.width / drawing.width, box.height / drawing.height);
  // librsvg's bounds on the density it draws at.
  const density = scale && Math.min(100_000, Math.max(1, SVG_DENSITY * scale));
  return sharp(bytes, density ? { density } : {})
    .rotate()
    .resize({ ...box, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/**
 * The thumbnail of a picture of the library (`src` names it in refusals), from the picture cache when it was made before:
 * a picture is made into one once, whoever asks. The picture is checked as the build checks it first (a file put under
 * public/media/ by hand is not trusted), an SVG's content once more on every call, as it is drawn here.
 */
export async function thumbnailOf(bytes: Buffer, src: string, cacheDir: string): Promise<Buffer> {
  const { digest, facts } = await checkedImage(bytes, src, cacheDir);
  if (facts.format === "svg") {
    const found = svgProblem(bytes.toString("utf8"));
    if (found) throw catalogueError(mediaErrors.unsafeSvg, { file: src, found });
  }
  const file = thumbnailFile(cacheDir, digest);
  const kept = await fs.readFile(file).catch(() => undefined);
  if (kept) return kept;
  const made = await makeThumbnail(bytes, facts.format === "svg" ? facts : undefined);
  writeAtomically(file, made);
  return made;
}
