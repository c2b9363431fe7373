import fs from "node:fs";
import path from "node:path";
import { IMAGE_FILES_PATH } from "./renditions.ts";

/**
 * Where the files made of pictures are kept between builds, and served from by the dev server: the project's own cache
 * folder (every command runs from the project's root), which a clean checkout does not have and git ignores.
 */
export const IMAGE_CACHE_DIR = path.resolve(".cache", "media");

const REFERENCE = new RegExp(`${IMAGE_FILES_PATH}([\\w.-]+)`, "g");

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Copies into the build the files its pages name (and only those: the cache also holds earlier builds' files), under
 * the address they are named by. Returns how many. A name the cache lacks is a bug of the pipeline, not of content.
 */
export function publishImageFiles(clientDir: string, cacheDir = IMAGE_CACHE_DIR): number {
  const names = new Set<string>();
  for (const file of htmlFiles(clientDir))
    for (const [, name] of fs.readFileSync(file, "utf8").matchAll(REFERENCE)) names.add(name!);
  if (names.size === 0) return 0;
  const target = path.join(clientDir, IMAGE_FILES_PATH);
  fs.mkdirSync(target, { recursive: true });
  for (const name of [...names].sort()) fs.copyFileSync(path.join(cacheDir, "files", name), path.join(target, name));
  return names.size;
}

/** The file of the cache an address under IMAGE_FILES_PATH names, or undefined for any other address. */
export function imageFileOf(url: string, cacheDir = IMAGE_CACHE_DIR): string | undefined {
  const match = new RegExp(`^${IMAGE_FILES_PATH}([\\w-]+(?:\\.[\\w-]+)*)$`).exec(url.split("?")[0]!);
  return match ? path.join(cacheDir, "files", match[1]!) : undefined;
}
