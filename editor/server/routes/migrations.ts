import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyPluginAsync } from "fastify";
import { CatalogueError, editorErrors } from "../../../contract/errors.ts";
import { type Migration, migrateDocuments } from "../../../toolchain/migrate.ts";
import type { ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { FILE, type InputTypes, NOTHING, fields } from "../route-schema.ts";

const previewBody = fields(
  {
    file: FILE,
    value: {
      type: "object",
      description: "The page as the form holds it, blocks in an older shape included",
      refusal: editorErrors.notADocument.code,
    },
  },
  ["file", "value"],
);

/** A page's blocks brought to their latest version, as `npm run migrate` would write them, shown before any save. */
export const migrationRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const preview = { config: { role: "author" }, schema: { body: previewBody, querystring: NOTHING } } as const;
    app.post("/api/migrate-preview", preview, async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const file = project.documentFile(body.file);
      const document = { file: project.rel(file), text: JSON.stringify(body.value), schema: project.rootSchema(file) };
      try {
        const [migrated] = await migrateDocuments([document], {
          validators: project.validators,
          load: async (step) =>
            (await import(pathToFileURL(path.join(project.projectDir, step.module)).href)) as Migration,
          prettierOptions: () => project.prettierOptions(file),
        });
        return {
          value: migrated ? (JSON.parse(migrated.after) as unknown) : body.value,
          changes: migrated?.changes ?? [],
        };
      } catch (error) {
        if (!(error instanceof CatalogueError)) throw error;
        throw refused(editorErrors.migrationFailed, { detail: `${error.code} ${error.message}` });
      }
    });
  };
