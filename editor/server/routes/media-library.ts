import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { catalogueError, editorMediaErrors } from "../../../contract/errors.ts";
import { type Framing, framingFile } from "../../../contract/media-framing.server.ts";
import { IMAGE_CACHE_DIR } from "../../../imaging/image-files.ts";
import { formatJsonFile } from "../../../toolchain/format-json.ts";
import { type FilePlan, applyFilePlan } from "../../../toolchain/json-edits.ts";
import { mediaUses, planReferenceRename } from "../../../toolchain/media-references.ts";
import { isVideo, libraryFile, mediaLibrary, mediaVersion } from "../media-library.ts";
import { thumbnailOf } from "../media-thumbnails.ts";
import { MEDIA_TYPES, type Project, type ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { type InputTypes, NOTHING, fields, number, text } from "../route-schema.ts";
import { MEDIA_NAME, MEDIA_SRC } from "./media.ts";

const RANGE = editorMediaErrors.framingRange.code;
const fraction = (description: string) => number(description, { minimum: 0, maximum: 1, refusal: RANGE });
const share = (description: string) => number(description, { exclusiveMinimum: 0, maximum: 1, refusal: RANGE });

const thumbnailQuery = fields(
  {
    src: MEDIA_SRC,
    v: text(64, "The file's version as the library listed it: the answer is kept for a year when it is current"),
  },
  ["src"],
);
const renameBody = fields(
  {
    src: MEDIA_SRC,
    to: text(200, "Its new name in the same folder, with the same ending: lower-case words joined by hyphens"),
  },
  ["src", "to"],
);
const deleteBody = fields({ src: MEDIA_SRC }, ["src"]);
const framingBody = fields(
  {
    src: MEDIA_SRC,
    focus: fields(
      {
        x: fraction("From the picture's left edge (0) to its right edge (1)"),
        y: fraction("From its top edge (0) to its bottom edge (1)"),
      },
      ["x", "y"],
      { refusal: RANGE, description: "The point that stays in view, as fractions of the width and height" },
    ),
    crop: fields(
      {
        x: fraction("Its left edge, as a fraction of the picture's width"),
        y: fraction("Its top edge, as a fraction of the picture's height"),
        width: share("Its width, as a fraction of the picture's"),
        height: share("Its height, as a fraction of the picture's"),
      },
      ["x", "y", "width", "height"],
      { refusal: RANGE, description: "The part of the picture kept before anything else" },
    ),
  },
  ["src"],
);

const WRITE = { role: "author", drafts: true } as const;
/** A thumbnail's address names its content: while that is current, the browser keeps the answer for a year. */
const KEPT = "private, max-age=31536000, immutable";
/** A sum of two fractions as the tab sends them may pass 1 by a rounding error, which is no crop outside the picture. */
const ROUNDING = 1e-9;

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/** The framing file of a picture, as its file's text: `$schema` first (as the content's files name theirs), then the rest. */
function framingText(project: Project, file: string, framing: Framing): string {
  const schema = path.relative(path.dirname(file), path.join(project.projectDir, "schemas", "media.schema.json"));
  const entries = Object.entries({ $schema: schema.split(path.sep).join("/"), ...framing });
  // One field a line, its value on that line, as docs/media.md shows them; Prettier keeps that shape.
  return `{\n${entries.map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(",\n")}\n}\n`;
}

/** Refuses a crop whose far edges pass the picture's (fractions that each are in bounds may still add up past 1). */
function checkCrop(crop: Framing["crop"]) {
  if (!crop) return;
  if (crop.x + crop.width > 1 + ROUNDING)
    throw catalogueError(editorMediaErrors.cropOutside, { edge: "right", reach: crop.x + crop.width });
  if (crop.y + crop.height > 1 + ROUNDING)
    throw catalogueError(editorMediaErrors.cropOutside, { edge: "bottom", reach: crop.y + crop.height });
}

/**
 * The media library (docs/media.md): the list of public/media/ with the pages using each file, thumbnails (never the
 * originals), and renaming, deleting and framing a file. A rename changes every page and section naming the file; a
 * deletion is refused while one does. In the team editor, each works on the signed-in person's own copy.
 */
export const mediaLibraryRoutes =
  (projectOf: ProjectOf, cacheDir: string = IMAGE_CACHE_DIR): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    app.get("/api/media/library", { config: { role: "viewer" }, schema: { querystring: NOTHING } }, (request) =>
      mediaLibrary(projectOf(request), cacheDir),
    );

    const thumbnail = { config: { role: "viewer" }, schema: { querystring: thumbnailQuery } } as const;
    app.get("/api/media/thumbnail", thumbnail, async (request, reply) => {
      const { src, v } = request.query;
      const file = await libraryFile(projectOf(request), src);
      if (isVideo(file)) throw catalogueError(editorMediaErrors.noThumbnail, { src });
      const bytes = await fs.readFile(file);
      const made = await thumbnailOf(bytes, src, cacheDir);
      return reply
        .type("image/webp")
        .header("cache-control", v === mediaVersion(bytes) ? KEPT : "no-cache")
        .header("x-content-type-options", "nosniff")
        .send(made);
    });

    const rename = { config: WRITE, schema: { body: renameBody, querystring: NOTHING } } as const;
    app.post("/api/media/rename", rename, async (request) => {
      const project = projectOf(request);
      const { src, to } = request.body;
      const file = await libraryFile(project, src);
      if (!MEDIA_NAME.test(to) || !MEDIA_TYPES.test(to)) throw catalogueError(editorMediaErrors.badName, { name: to });
      const extension = path.extname(file).slice(1);
      if (path.extname(to) !== `.${extension}`)
        throw catalogueError(editorMediaErrors.otherExtension, { name: to, extension });
      const renamed = `${src.slice(0, src.lastIndexOf("/") + 1)}${to}`;
      const moves: FilePlan["moves"] = [{ from: file, to: path.join(path.dirname(file), to) }];
      const framing = { from: framingFile(project.configDir, src)!, to: framingFile(project.configDir, renamed)! };
      if (await exists(framing.from)) moves.push(framing);
      for (const move of moves)
        if (await exists(move.to)) throw catalogueError(editorMediaErrors.nameTaken, { src: renamed });
      // Everything is known before anything is written: a refusal above leaves every file as it was.
      const edits = await planReferenceRename(project.configDir, src, renamed, project.prettierOptions);
      applyFilePlan({ moves, edits });
      const changed = [...edits.map((edit) => edit.file), ...moves.flatMap((move) => [move.from, move.to])];
      return { src: renamed, files: changed.map(project.rel).sort() };
    });

    const remove = { config: WRITE, schema: { body: deleteBody, querystring: NOTHING } } as const;
    app.post("/api/media/delete", remove, async (request) => {
      const project = projectOf(request);
      const { src } = request.body;
      const file = await libraryFile(project, src);
      const uses = mediaUses(project.configDir).get(src) ?? [];
      if (uses.length)
        throw catalogueError(editorMediaErrors.inUse, { src, pages: uses.map((use) => project.rel(use.file)) });
      const framing = framingFile(project.configDir, src)!;
      const deleted = [file, ...((await exists(framing)) ? [framing] : [])];
      for (const gone of deleted) await fs.rm(gone);
      return { deleted: deleted.map(project.rel) };
    });

    const frame = { config: WRITE, schema: { body: framingBody, querystring: NOTHING } } as const;
    app.post("/api/media/framing", frame, async (request) => {
      const project = projectOf(request);
      const { src, focus, crop } = request.body;
      const picture = await libraryFile(project, src);
      if (isVideo(picture)) throw catalogueError(editorMediaErrors.videoFraming, { src });
      checkCrop(crop);
      const file = framingFile(project.configDir, src)!;
      if (!focus && !crop) {
        await fs.rm(file, { force: true });
        return { file: project.rel(file) };
      }
      const framing: Framing = { ...(focus && { focus }), ...(crop && { crop }) };
      const text = await formatJsonFile(framingText(project, file, framing), project.prettierOptions(file));
      if (!project.validators.framing(JSON.parse(text))) throw refused(editorMediaErrors.framingRange);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, text);
      return { file: project.rel(file) };
    });
  };
