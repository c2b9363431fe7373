import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { writeChanges } from "../../../toolchain/save.ts";
import { describeConflicts } from "../../changes/conflict-words.ts";
import { mergeDocuments } from "../../changes/merge.ts";
import { choicesOf } from "../choices.ts";
import { type JsonBody, isObject } from "../input.ts";
import { type ProjectOf, version } from "../project.ts";
import { refused } from "../refusals.ts";

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Checking unsaved content with the build's checks, and saving it as a careful person would have typed it. */
export const saveRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (app) => {
    app.post<{ Body: JsonBody }>("/api/validate", async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const file = project.documentFile(body.file);
      if (!isObject(body.value)) throw refused(editorErrors.notADocument);
      return { problems: project.problemsFor(file, JSON.stringify(body.value, null, 2)) };
    });

    /**
     * A save names the version it was made on and the document that version held (`base`). When the file changed
     * meanwhile, the two are merged field by field: the merge is written when nobody changed a field the other changed
     * too; otherwise nothing is written and the answer lists those fields, until a save carries a choice for each.
     */
    app.post<{ Body: JsonBody }>("/api/save", async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const file = project.documentFile(body.file);
      if (!isObject(body.value)) throw refused(editorErrors.notADocument);
      const choices = choicesOf(body.choices);
      const disk = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      let value = body.value;
      const stale = version(disk) !== body.version;
      if (stale) {
        // Without the document it was made on, every field that differs is asked about.
        const base = isObject(body.base) ? body.base : undefined;
        const merge = mergeDocuments(base, disk ? parsed(disk) : undefined, value, choices);
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
      if (text !== disk) fs.writeFileSync(file, text);
      return { version: version(text), changed: text !== disk, ...(stale && { merged: value }) };
    });
  };
