import fs from "node:fs";
import path from "node:path";
import { readContentFile } from "./content.server.ts";
import type { FocalPoint, ImageCrop } from "./media.ts";

/** The folder of site-config/ that holds how each picture of public/media/ is framed (docs/media.md). */
export const FRAMING_FOLDER = "media";
const MEDIA_PREFIX = "/media/";

export interface Framing {
  focus?: FocalPoint;
  crop?: ImageCrop;
}

/**
 * The file that frames a picture: site-config/media/<its path under /media/>.json, beside nothing else, so that a page
 * and its translations, and every place that shows it, share one focal point. Undefined for a picture outside /media/.
 */
export function framingFile(configDir: string, src: string): string | undefined {
  if (!src.startsWith(MEDIA_PREFIX)) return undefined;
  return `${path.join(configDir, FRAMING_FOLDER, ...src.slice(MEDIA_PREFIX.length).split("/"))}.json`;
}

/** The picture a framing file frames, as pages name it ('/media/team.jpg'). */
export function pictureOfFraming(configDir: string, file: string): string {
  const relative = path.relative(path.join(configDir, FRAMING_FOLDER), file).split(path.sep).join("/");
  return `${MEDIA_PREFIX}${relative.replace(/\.json$/, "")}`;
}

/** Every framing file of the content, sorted. */
export function framingFiles(configDir: string): string[] {
  const dir = path.join(configDir, FRAMING_FOLDER);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** How a picture is framed: its framing file's focus and crop (validated with the content), or neither. */
export function framingOf(configDir: string, src: string): Framing {
  const file = framingFile(configDir, src);
  const text = file ? readContentFile(file) : null;
  if (!text) return {};
  const { focus, crop } = JSON.parse(text) as Framing;
  return { ...(focus && { focus }), ...(crop && { crop }) };
}
