import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import { CatalogueError, type EditorError, editorErrors } from "../../../contract/errors.ts";
import { duplicatePage, scaffoldPage } from "../../../toolchain/scaffold.ts";
import type { JsonBody } from "../input.ts";
import type { Project, ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";

/** New pages, from the scaffold's templates or as a copy of another, refused as `npm run new:page` refuses them. */
export const scaffoldRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (app) => {
    /** A page written by the scaffold; its refusal (a taken file or address, a bad slug) carries the scaffold's words. */
    const created = async (
      project: Project,
      refusal: EditorError,
      write: () => Promise<{ file: string; pagePath: string }>,
    ) => {
      try {
        const { file, pagePath } = await write();
        return { file: project.rel(file), path: pagePath };
      } catch (error) {
        if (error instanceof CatalogueError)
          throw refused(refusal, { reason: error.message, code: error.code, hint: error.hint });
        throw error;
      }
    };

    app.post<{ Body: JsonBody }>("/api/pages", async (request) => {
      const { body } = request;
      const project = projectOf(request);
      return created(project, editorErrors.scaffold, () =>
        scaffoldPage({
          template: String(body.template),
          slug: String(body.slug),
          name: String(body.name ?? ""),
          configDir: project.configDir,
        }),
      );
    });

    app.post<{ Body: JsonBody }>("/api/pages/duplicate", async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const source = project.inside(["site-config/pages"], String(body.file));
      if (!source.endsWith(".json") || !fs.existsSync(source)) throw refused(editorErrors.noSuchFile);
      return created(project, editorErrors.duplicate, () =>
        duplicatePage({ source, slug: String(body.slug), configDir: project.configDir }),
      );
    });
  };
