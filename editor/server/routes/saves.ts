import fs from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { writeChanges } from "../../../toolchain/save.ts";
import { describeConflicts } from "../../changes/conflict-words.ts";
import { mergeDocuments } from "../../changes/merge.ts";
import { isObject } from "../input.ts";
import { type ProjectOf, version } from "../project.ts";
import { refused } from "../refusals.ts";
import { FILE, type InputTypes, NOTHING, fields, text } from "../route-schema.ts";

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** A page or the site's settings, whole, as the form holds it. */
const DOCUMENT = {
  type: "object",
  description: "The whole document, as its file would hold it",
  refusal: editorErrors.notADocument.code,
} as const;

/** For each field of an earlier conflict (by its path in the document), whose value to keep. */
export const CHOICES = {
  type: "object",
  description: 'For each field of an earlier conflict, by its path: "theirs" or "mine"',
  additionalProperties: {
    type: "string",
    enum: ["theirs", "mine"],
    maxLength: 6,
    refusal: editorErrors.badChoices.code,
  },
  refusal: editorErrors.badChoices.code,
} as const;

const checkBody = fields({ file: FILE, value: DOCUMENT }, ["file", "value"]);
const saveBody = fields(
  {
    file: FILE,
    value: DOCUMENT,
    version: text(64, "The version of the file the change was made on, as `GET /api/document` answered it"),
    base: { ...DOCUMENT, description: "The document that version held, for a field-by-field merge" },
    choices: CHOICES,
  },
  ["file", "value", "version"],
);

/** The file's text now, or "" when there is none. */
const textOf = (file: string) =>
  fs
    .readFile(file, "utf8")
    .catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "" : Promise.reject(error)));

/** Checking unsaved content with the build's checks, and saving it as a careful person would have typed it. */
export const saveRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const check = { config: { role: "author" }, schema: { body: checkBody, querystring: NOTHING } } as const;
    app.post("/api/validate", check, async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const file = project.documentFile(body.file);
      return { problems: project.problemsFor(file, JSON.stringify(body.value, null, 2)) };
    });

    /**
     * A save names the version it was made on and the document that version held (`base`). When the file changed
     * meanwhile, the two are merged field by field: the merge is written when nobody changed a field the other changed
     * too; otherwise nothing is written and the answer lists those fields, until a save carries a choice for each.
     */
    const save = {
      config: { role: "author", audit: "save", lock: true, drafts: true },
      schema: { body: saveBody, querystring: NOTHING },
    } as const;
    app.post("/api/save", save, async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const file = project.documentFile(body.file);
      const disk = await textOf(file);
      let value = body.value;
      const stale = version(disk) !== body.version;
      if (stale) {
        // Without the document it was made on, every field that differs is asked about.
        const merge = mergeDocuments(body.base, disk ? parsed(disk) : undefined, value, body.choices ?? {});
        if (merge.conflicts.length)
          throw refused(editorErrors.conflict, {
            version: version(disk),
            conflicts: describeConflicts(merge, project.blocks),
          });
        // The file's removal was chosen over the page: nothing to write.
        if (!isObject(merge.merged)) throw refused(editorErrors.noSuchFile);
        value = merge.merged;
      }
      const schema = project.rootSchema(file);
      const text = await writeChanges({
        text: disk,
        value,
        schemas: project.schemas,
        root: { file: schema, schema: project.schemas[schema] },
        prettierOptions: project.prettierOptions(file),
      });
      const problems = project.problemsFor(file, text);
      if (problems.length) throw refused(editorErrors.invalid, { problems });
      if (text !== disk) await fs.writeFile(file, text);
      return { version: version(text), changed: text !== disk, ...(stale && { merged: value }) };
    });
  };
