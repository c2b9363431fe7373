import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import { editorErrors } from "../../../contract/errors.ts";
import { templateNames } from "../../../toolchain/scaffold.ts";
import { Repository } from "../../git/repository.ts";
import { queryParam } from "../input.ts";
import { type ProjectOf, version } from "../project.ts";
import { refused } from "../refusals.ts";

/** What the tab reads: everything it starts with, the page and media lists, one document with its version. */
export const documentRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (app) => {
    app.get("/api/bootstrap", async (request) => {
      const project = projectOf(request);
      return {
        schemas: project.schemas,
        blocks: project.blocks,
        pages: project.pages(),
        templates: templateNames(),
        media: project.media(),
        sections: project.sections(),
        localeSections: project.localeSections(),
        sectionList: project.sectionList(),
        git: (await Repository.find(project.projectDir)) !== undefined,
        ...(request.teamPerson && {
          person: { email: request.teamPerson.email, name: request.teamPerson.name, role: request.teamPerson.role },
        }),
      };
    });

    app.get("/api/pages", async (request) => {
      const project = projectOf(request);
      return { pages: project.pages(), media: project.media() };
    });

    app.get("/api/document", async (request) => {
      const project = projectOf(request);
      const file = project.documentFile(queryParam(request, "file"));
      if (!fs.existsSync(file)) throw refused(editorErrors.noSuchFile);
      const text = fs.readFileSync(file, "utf8");
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
