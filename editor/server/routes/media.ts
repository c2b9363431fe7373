import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { inspectImage } from "../../../imaging/inspect.ts";
import { UPLOAD, bytesOf, readBytes } from "../input.ts";
import { MEDIA_TYPES, type ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { type InputTypes, fields, text } from "../route-schema.ts";

const MEDIA_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

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

/** Uploads into public/media/: a new file only, named as the site names its files, of the format its name says. */
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
      if (/\.(mp4|webm)$/.test(name)) {
        if (!videoMatchesName(name, raw)) throw refused(editorErrors.mediaContent);
      } else {
        const refusal = await pictureRefusal(name, raw);
        if (refusal) throw refusal;
      }
      const file = project.inside(["public/media"], `public/media/${name}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Never over a file: one already there, or one another tab wrote meanwhile.
      await fs.writeFile(file, raw, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EEXIST" ? refused(editorErrors.mediaExists) : error;
      });
      return { src: `/media/${name}` };
    });
  };
