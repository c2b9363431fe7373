import fs from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";
import { CatalogueError, type EditorError, editorErrors } from "../../../contract/errors.ts";
import { duplicatePage, scaffoldPage } from "../../../toolchain/scaffold.ts";
import type { Project, ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { FILE, type InputTypes, NOTHING, fields, text } from "../route-schema.ts";

const SLUG = text(100, "The new page's file name and last segment of its address: lower-case letters, digits, hyphens");
const createBody = fields(
  {
    template: text(100, "The scaffold's template (`npm run new:page -- --template`): `industry`, …"),
    slug: SLUG,
    name: text(200, 'What the page is about, in words ("Marine Insurance"): its title, heading and menu label'),
  },
  ["template", "slug"],
);
const duplicateBody = fields({ file: FILE, slug: SLUG }, ["file", "slug"]);
const WRITE = { role: "author", drafts: true } as const;

/** Whether a file is there to copy (a folder, or nothing, is not). */
const isFile = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

/** New pages, from the scaffold's templates or as a copy of another, refused as `npm run new:page` refuses them. */
export const scaffoldRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
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

    const create = { config: WRITE, schema: { body: createBody, querystring: NOTHING } } as const;
    app.post("/api/pages", create, async (request) => {
      const { body } = request;
      const project = projectOf(request);
      return created(project, editorErrors.scaffold, () =>
        scaffoldPage({ template: body.template, slug: body.slug, name: body.name ?? "", configDir: project.configDir }),
      );
    });

    const duplicate = { config: WRITE, schema: { body: duplicateBody, querystring: NOTHING } } as const;
    app.post("/api/pages/duplicate", duplicate, async (request) => {
      const { body } = request;
      const project = projectOf(request);
      const source = project.inside(["site-config/pages"], body.file);
      if (!source.endsWith(".json") || !(await isFile(source))) throw refused(editorErrors.noSuchFile);
      return created(project, editorErrors.duplicate, () =>
        duplicatePage({ source, slug: body.slug, configDir: project.configDir }),
      );
    });
  };
