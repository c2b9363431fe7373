import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { writeChanges } from "../../../toolchain/save.ts";
import { type JsonBody, isObject } from "../input.ts";
import { type ProjectOf, version } from "../project.ts";
import { refused } from "../refusals.ts";

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

    app.post<{ Body: JsonBody }>("/api/save", async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const file = project.documentFile(body.file);
      if (!isObject(body.value)) throw refused(editorErrors.notADocument);
      const disk = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (version(disk) !== body.version && body.force !== true)
        throw refused(editorErrors.conflict, { version: version(disk) });
      const schema = project.rootSchema(file);
      const text = await writeChanges({
        text: disk,
        value: body.value,
        schemas: project.schemas,
        root: { file: schema, schema: project.schemas[schema] },
        prettierOptions: project.prettierOptions(file),
      });
      const problems = project.problemsFor(file, text);
      if (problems.length) throw refused(editorErrors.invalid, { problems });
      if (text !== disk) fs.writeFileSync(file, text);
      return { version: version(text), changed: text !== disk };
    });
  };
