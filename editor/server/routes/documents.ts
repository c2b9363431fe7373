import fs from "node:fs/promises";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { templateNames } from "../../../toolchain/scaffold.ts";
import { Repository } from "../../git/repository.ts";
import { type ProjectOf, version } from "../project.ts";
import { refused } from "../refusals.ts";
import { FILE, type InputTypes, NOTHING, fields } from "../route-schema.ts";

const READ = { config: { role: "viewer" }, schema: { querystring: NOTHING } } as const;

/** What the tab reads: everything it starts with, the page and media lists, one document with its version. */
export const documentRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    app.get("/api/bootstrap", READ, async (request) => {
      const project = projectOf(request);
      const { pages, sectionList, localeSections } = project.lists();
      return {
        schemas: project.schemas,
        blocks: project.blocks,
        pages,
        templates: templateNames(),
        media: await project.media(),
        sections: project.sections(),
        localeSections,
        sectionList,
        git: (await Repository.find(project.projectDir)) !== undefined,
        ...(request.teamPerson && {
          person: { email: request.teamPerson.email, name: request.teamPerson.name, role: request.teamPerson.role },
        }),
      };
    });

    app.get("/api/pages", READ, async (request) => {
      const project = projectOf(request);
      return { pages: project.pages(), media: await project.media() };
    });

    const documentQuery = fields({ file: FILE }, ["file"]);
    app.get("/api/document", { ...READ, schema: { querystring: documentQuery } }, async (request) => {
      const project = projectOf(request);
      const file = project.documentFile(request.query.file);
      const text = await fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
        throw error.code === "ENOENT" ? refused(editorErrors.noSuchFile) : error;
      });
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        // The validator locates the syntax error (line, column, what is wrong) in the marketer's words.
        throw refused(editorErrors.notJson, { problems: project.problemsFor(file, text) });
      }
      return { file: project.rel(file), schema: project.rootSchema(file), value, version: version(text) };
    });
  };
