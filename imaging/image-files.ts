import fs from "node:fs";
import path from "node:path";
import { IMAGE_FILES_PATH } from "./renditions.ts";
import { withoutMetadata } from "./strip-metadata.ts";

/**
 * Where the files made of pictures are kept between builds, and served from by the dev server: the project's own cache
 * folder (every command runs from the project's root), which a clean checkout does not have and git ignores.
 */
export const IMAGE_CACHE_DIR = path.resolve(".cache", "media");

/** An address a page names a picture by: a file made of one (under IMAGE_FILES_PATH), or an original of /media/. */
export const PICTURE_NAME = new RegExp(`${IMAGE_FILES_PATH}[\\w.-]+|/media/[\\w./-]+`, "g");

/**
 * The pictures a page's HTML names, each once, sorted: the files made of them and the originals it shows as they are.
 * Each is copied out of the HTML: a match is a slice of it, which would keep the whole page in memory as long as the
 * name is kept (builtPages keeps every page's names: 1 GB of HTML at 10,000 pages).
 */
export const picturesNamedIn = (html: string): string[] =>
  [...new Set(html.match(PICTURE_NAME) ?? [])].sort().map((name) => Buffer.from(name).toString());

/**
 * What every page a build wrote (its HTML files under `clientDir`) names, by the page's file relative to `clientDir`:
 * each page read once, one at a time, however many the site has, but for those `known` already names (what the
 * prerenderer found in the pages it wrote, scripts/pipeline/prerender.ts).
 */
export function builtPages(clientDir: string, known: ReadonlyMap<string, string[]> = new Map()): Map<string, string[]> {
  return new Map(
    fs
      .readdirSync(clientDir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
      .sort()
      .map((file) => [
        file,
        known.get(file) ?? picturesNamedIn(fs.readFileSync(path.join(clientDir, ...file.split("/")), "utf8")),
      ]),
  );
}

/** Every picture some page names (builtPages). */
export const namedByPages = (pages: ReadonlyMap<string, readonly string[]>): Set<string> =>
  new Set([...pages.values()].flat());

/**
 * Copies into the build the files its pages name (namedByPages), and only those (the cache also holds earlier builds'
 * files), under the address they are named by. Returns how many. A name the cache lacks is a bug of the pipeline, not
 * of content.
 */
export function publishImageFiles(clientDir: string, named: ReadonlySet<string>, cacheDir = IMAGE_CACHE_DIR): number {
  const names = [...named]
    .filter((url) => url.startsWith(IMAGE_FILES_PATH))
    .map((url) => url.slice(IMAGE_FILES_PATH.length));
  if (names.length === 0) return 0;
  const target = path.join(clientDir, IMAGE_FILES_PATH);
  fs.mkdirSync(target, { recursive: true });
  for (const name of names.sort()) fs.copyFileSync(path.join(cacheDir, "files", name), path.join(target, name));
  return names.length;
}

/** The file of the cache an address under IMAGE_FILES_PATH names, or undefined for any other address. */
export function imageFileOf(url: string, cacheDir = IMAGE_CACHE_DIR): string | undefined {
  const match = new RegExp(`^${IMAGE_FILES_PATH}([\\w-]+(?:\\.[\\w-]+)*)$`).exec(url.split("?")[0]!);
  return match ? path.join(cacheDir, "files", match[1]!) : undefined;
}

const ORIGINALS = /\.(jpe?g|png|webp|avif)$/i;

/**
 * The original pictures the build copied from public/media/ (Vite copies public/ whole): those no page names
 * (namedByPages; a picture a page shows is served from IMAGE_FILES_PATH) are removed, and those pages name as they are
 * (a video's poster, an avatar, a share image) lose their EXIF, GPS position included, and their text. Returns what it
 * did.
 */
export async function publishOriginals(
  clientDir: string,
  named: ReadonlySet<string>,
): Promise<{ removed: string[]; stripped: string[] }> {
  const mediaDir = path.join(clientDir, "media");
  if (!fs.existsSync(mediaDir)) return { removed: [], stripped: [] };
  const removed: string[] = [];
  const stripped: string[] = [];
  const originals = fs
    .readdirSync(mediaDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ORIGINALS.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of originals) {
    const url = `/${path.relative(clientDir, file).split(path.sep).join("/")}`;
    if (!named.has(url)) {
      fs.rmSync(file);
      removed.push(url);
      continue;
    }
    const bytes = fs.readFileSync(file);
    const format = /\.jpe?g$/i.test(file) ? "jpeg" : /\.png$/i.test(file) ? "png" : "other";
    const clean = await withoutMetadata(bytes, format);
    if (!clean.equals(bytes)) {
      fs.writeFileSync(file, clean);
      stripped.push(url);
    }
  }
  return { removed, stripped };
}
