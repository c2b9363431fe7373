import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { inspectImage } from "../../../imaging/inspect.ts";
import { UPLOAD, bytesOf, readBytes } from "../input.ts";
import { isVideo, libraryFile, mediaVersion } from "../media-library.ts";
import { MEDIA_TYPES, type ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { type InputTypes, fields, text } from "../route-schema.ts";

/** A file name of public/media/ as the site names its files: lower-case words joined by hyphens, then its ending. */
export const MEDIA_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/** A file of the media library, as pages name it. */
export const MEDIA_SRC = text(500, "The file as pages name it: `/media/…`");

/**
 * Whether a video's first bytes are those of the format its name claims, so that a renamed script or document is not
 * published under public/ as a video. Pictures go through the picture pipeline's whole check instead.
 */
function videoMatchesName(name: string, raw: Buffer): boolean {
  const ascii = (from: number, to: number) => raw.subarray(from, to).toString("latin1");
  const extension = name.slice(name.lastIndexOf(".") + 1);
  switch (extension) {
    case "mp4":
      return ascii(4, 8) === "ftyp";
    case "webm":
      return raw.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    default:
      return false;
  }
}

/**
 * A picture is checked as validation and the build check it (imaging/inspect.ts): what its bytes hold against its
 * name, its size and pixel count before anything decodes it, animation, an SVG that could run code or load files,
 * and a whole decode that a damaged file fails. Its refusal names the file and says what to do.
 */
async function pictureRefusal(name: string, raw: Buffer) {
  const inspection = await inspectImage(raw, name);
  return inspection.ok ? undefined : inspection.error;
}

/** Throws the refusal of bytes that are not what a file of this name must hold: a picture or a video of its format. */
async function checkContent(name: string, raw: Buffer) {
  if (isVideo(name)) {
    if (!videoMatchesName(name, raw)) throw refused(editorErrors.mediaContent);
    return;
  }
  const refusal = await pictureRefusal(name, raw);
  if (refusal) throw refusal;
}

/**
 * Puts `bytes` in place of a file's, whole or not at all: written beside it under a name no one lists, then renamed
 * over it, so an interrupted write leaves the file as it was and a reader never meets half of it.
 */
async function replaceFile(file: string, bytes: Buffer) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID()}.tmp`);
  try {
    await fs.writeFile(temporary, bytes, { flag: "wx" });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

const uploadQuery = fields(
  {
    name: text(
      200,
      "The file's name under public/media/: lower-case letters, digits and hyphens, and its format's ending",
      {
        refusal: editorErrors.mediaType.code,
      },
    ),
  },
  ["name"],
);

const replaceQuery = fields({ src: MEDIA_SRC }, ["src"]);

/**
 * Uploads into public/media/: a new file only, named as the site names its files, of the format its name says; and new
 * bytes for a file of the media library, under its name, so that every page naming it shows them.
 */
export const mediaRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    readBytes(fastify);
    const app = fastify.withTypeProvider<InputTypes>();
    const upload = {
      ...UPLOAD,
      config: { ...UPLOAD.config, role: "author", drafts: true },
      schema: { querystring: uploadQuery },
    } as const;
    app.post("/api/media", upload, async (request) => {
      const project = projectOf(request);
      const { name } = request.query;
      if (!MEDIA_NAME.test(name) || !MEDIA_TYPES.test(name)) throw refused(editorErrors.mediaType);
      const raw = bytesOf(request);
      await checkContent(name, raw);
      const file = project.inside(["public/media"], `public/media/${name}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Never over a file: one already there, or one another tab wrote meanwhile.
      await fs.writeFile(file, raw, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EEXIST" ? refused(editorErrors.mediaExists) : error;
      });
      return { src: `/media/${name}` };
    });

    // The same checks as an upload, against the file's own name: a PNG is refused under a .jpg name, as it would be new.
    const replace = { ...upload, schema: { querystring: replaceQuery } } as const;
    app.put("/api/media/file", replace, async (request) => {
      const project = projectOf(request);
      const { src } = request.query;
      const file = await libraryFile(project, src);
      const raw = bytesOf(request);
      await checkContent(path.basename(file), raw);
      await replaceFile(file, raw);
      return { src, version: mediaVersion(raw) };
    });
  };
