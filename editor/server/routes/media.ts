import fs from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { UPLOAD, bytesOf, queryParam } from "../input.ts";
import { MEDIA_TYPES, type ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";

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

/** Uploads into public/media/: a new file only, named as the site names its files, of the format its name says. */
export const mediaRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (app) => {
    app.post("/api/media", UPLOAD, async (request) => {
      const project = projectOf(request);
      const name = queryParam(request, "name") ?? "";
      if (!MEDIA_NAME.test(name) || !MEDIA_TYPES.test(name)) throw refused(editorErrors.mediaType);
      const raw = bytesOf(request);
      if (!contentMatchesName(name, raw)) throw refused(editorErrors.mediaContent);
      const file = project.inside(["public/media"], `public/media/${name}`);
      if (fs.existsSync(file)) throw refused(editorErrors.mediaExists);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, raw, { flag: "wx" });
      return { src: `/media/${name}` };
    });
  };
