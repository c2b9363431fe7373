import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { UPLOAD, bytesOf, readBytes } from "../input.ts";
import { MEDIA_TYPES, type ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { type InputTypes, fields, text } from "../route-schema.ts";

const MEDIA_NAME = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/**
 * Whether a file's first bytes are those of the format its name claims, so that a renamed script or document is not
 * published under public/ as an image. SVG is text: it must open with an XML declaration, a comment or the svg element.
 */
function contentMatchesName(name: string, raw: Buffer): boolean {
  const ascii = (from: number, to: number) => raw.subarray(from, to).toString("latin1");
  const extension = name.slice(name.lastIndexOf(".") + 1);
  switch (extension) {
    case "png":
      return raw.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case "jpg":
    case "jpeg":
      return raw[0] === 0xff && raw[1] === 0xd8 && raw[2] === 0xff;
    case "webp":
      return ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
    case "avif":
      return ascii(4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(8, 12));
    case "mp4":
      return ascii(4, 8) === "ftyp";
    case "webm":
      return raw.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    case "svg":
      return /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/.test(
        raw.toString("utf8", 0, 4096),
      );
    default:
      return false;
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
      if (!contentMatchesName(name, raw)) throw refused(editorErrors.mediaContent);
      const file = project.inside(["public/media"], `public/media/${name}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Never over a file: one already there, or one another tab wrote meanwhile.
      await fs.writeFile(file, raw, { flag: "wx" }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === "EEXIST" ? refused(editorErrors.mediaExists) : error;
      });
      return { src: `/media/${name}` };
    });
  };
