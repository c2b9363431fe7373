import fs from "node:fs/promises";
import path from "node:path";
import { digest } from "../../contract/digest.ts";
import { CatalogueError, catalogueError, editorMediaErrors } from "../../contract/errors.ts";
import { framingOf } from "../../contract/media-framing.server.ts";
import { checkedImage } from "../../imaging/checked-image.ts";
import { type MediaUse as ContentUse, mediaUses } from "../../toolchain/media-references.ts";
import { mediaTypeOfName } from "../git/content-files.ts";
import type { MediaFile, MediaLibraryAnswer } from "../protocol.ts";
import { MEDIA_TYPES, type Project } from "./project.ts";

/** The folder of the project the library lists, and the address pages name its files under. */
export const MEDIA_FOLDER = "public/media";
const MEDIA_ADDRESS = "/media/";
const VIDEO = /\.(mp4|webm)$/;

export const isVideo = (name: string) => VIDEO.test(name);

/**
 * The file of public/media/ that `src` names as pages name it ("/media/team/office.jpg"): a picture or video that
 * exists, named exactly so (no `.` or `//` on the way). A name leading out of public/media/ (`..`, a symlink) is
 * refused as the editor refuses any such path (EDIT_UNSAFE_PATH); one that names no file of the library, EDIT_MEDIA_UNKNOWN.
 */
export async function libraryFile(project: Project, src: string): Promise<string> {
  const file = project.inside([MEDIA_FOLDER], `public${src}`);
  const named = `/${path.posix.relative("public", project.rel(file))}`;
  const isFile = await fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );
  if (named !== src || !src.startsWith(MEDIA_ADDRESS) || !MEDIA_TYPES.test(src) || !isFile)
    throw catalogueError(editorMediaErrors.unknown, { src });
  return file;
}

/** A short digest of a file's bytes: what its thumbnail's address and the library's list name its content by. */
export const mediaVersion = (bytes: Buffer) => digest(bytes).slice(0, 16);

interface Facts {
  /** The file's size, modification time and inode: a file replaced or renamed has others. */
  stamp: string;
  bytes: number;
  version: string;
  width?: number;
  height?: number;
}

/** What the library read of each file, kept while the file is unchanged: the list is asked for on every visit. */
const known = new Map<string, Facts>();
/** A file changed this recently may change again within its time stamp's precision: it is read again (as git does). */
const RACY_MS = 2000;

/**
 * A file's size, version and, for a picture, its pixel size as it shows (turned by its EXIF orientation): the picture
 * pipeline's own facts, kept in its cache by content (checkedImage). A picture the pipeline refuses (a damaged file
 * put there by hand) is listed without a size: validation names its problem.
 */
async function factsOf(file: string, src: string, cacheDir: string): Promise<Facts> {
  const stat = await fs.stat(file, { bigint: true });
  const stamp = `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
  const kept = known.get(file);
  if (kept?.stamp === stamp) return kept;
  const bytes = await fs.readFile(file);
  const facts: Facts = { stamp, bytes: bytes.length, version: mediaVersion(bytes) };
  if (!isVideo(src))
    try {
      const { width, height } = (await checkedImage(bytes, src, cacheDir)).facts;
      Object.assign(facts, { width, height });
    } catch (error) {
      if (!(error instanceof CatalogueError)) throw error;
    }
  if (Date.now() - Number(stat.mtimeMs) > RACY_MS) known.set(file, facts);
  return facts;
}

/** A framing file that is not JSON frames nothing here: validation names its problem. */
function framingOrNone(configDir: string, src: string) {
  try {
    return framingOf(configDir, src);
  } catch {
    return {};
  }
}

/**
 * The media library: every picture and video under public/media/ (its folders too), by address, with what the
 * library shows of each and the pages and sections of every locale that use it; and the shapes the site cuts pictures to.
 */
export async function mediaLibrary(project: Project, cacheDir: string): Promise<MediaLibraryAnswer> {
  const root = path.join(project.projectDir, MEDIA_FOLDER);
  const entries = await fs
    .readdir(root, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? [] : Promise.reject(error)));
  const files = entries
    .filter((entry) => entry.isFile() && MEDIA_TYPES.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => ({ file, src: `/${path.posix.relative("public", project.rel(file))}` }))
    .sort((a, b) => (a.src < b.src ? -1 : a.src > b.src ? 1 : 0));
  const uses = mediaUses(project.configDir);
  const useOf = (use: ContentUse) => ({ ...use, file: project.rel(use.file) });
  const listed: MediaFile[] = [];
  for (const { file, src } of files) {
    const { stamp: _stamp, ...facts } = await factsOf(file, src, cacheDir);
    const name = path.posix.basename(src);
    listed.push({
      src,
      name,
      kind: isVideo(name) ? "video" : "image",
      type: mediaTypeOfName(name) ?? "application/octet-stream",
      ...facts,
      ...framingOrNone(project.configDir, src),
      usedOn: (uses.get(src) ?? []).map(useOf),
    });
  }
  return { files: listed, aspects: project.aspects };
}
