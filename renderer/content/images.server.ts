import fs from "node:fs";
import path from "node:path";
import { CONFIG_DIR, PUBLIC_FILES_DIR } from "../../contract/content.server.ts";
import { framingOf } from "../../contract/media-framing.server.ts";
import { blockImages } from "../../contract/block-images.ts";
import type { PageDocument } from "../../contract/generated/schema-types.ts";
import type { Rendition } from "../../contract/media.ts";
import { type CheckedImage, checkedImage } from "../../imaging/checked-image.ts";
import { renditionOf } from "../../imaging/renditions.ts";
import { IMAGE_CACHE_DIR } from "../../imaging/image-files.ts";
import { manifests } from "../generated/block-manifests.ts";

const checked = new Map<string, Promise<CheckedImage & { bytes: Buffer }>>();

/**
 * An image file, read and checked once per process while it is unchanged (a picture is on many pages, and in every
 * locale's copy of them), and its check kept between builds by its content. Validation refused a missing or hostile file before the build began; one that changed
 * since fails the page with the same words.
 */
function readImage(src: string, cacheDir: string) {
  const file = path.join(PUBLIC_FILES_DIR, src);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  const key = `${file} ${stat?.size} ${stat?.mtimeMs}`;
  let read = checked.get(key);
  if (!read) {
    read = (async () => {
      const bytes = await fs.promises.readFile(file);
      return { bytes, ...(await checkedImage(bytes, src, cacheDir)) };
    })();
    checked.set(key, read);
  }
  return read;
}

/**
 * The page with each of its pictures' renditions: the files made for the place each shows in, and how soon the
 * browser fetches it. The pictures of the first block are above the fold: its largest is fetched first, the others
 * at once; every later picture waits until it nears the screen.
 */
export async function withRenditions(page: PageDocument, cacheDir = IMAGE_CACHE_DIR): Promise<PageDocument> {
  if (!page.blocks.some((block) => blockImages(manifests, block).length > 0)) return page;
  const blocks = structuredClone(page.blocks);
  const fold: Rendition[] = [];
  for (const [index, block] of blocks.entries())
    for (const { image, slot } of blockImages(manifests, block)) {
      const { bytes, digest, facts } = await readImage(image.src, cacheDir);
      const framing = framingOf(CONFIG_DIR, image.src);
      const source = { src: image.src, bytes, digest, facts, ...framing };
      const { rendition } = await renditionOf(source, slot, cacheDir);
      image.rendition = { ...rendition };
      if (index === 0) fold.push(image.rendition);
    }
  const largest = fold.reduce<Rendition | undefined>(
    (best, rendition) => (!best || rendition.width * rendition.height > best.width * best.height ? rendition : best),
    undefined,
  );
  for (const rendition of fold) rendition.fetch = rendition === largest ? "first" : "now";
  return { ...page, blocks };
}
