import fs from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { CatalogueError, catalogueError, editorSectionErrors } from "../../../contract/errors.ts";
import { sectionFile } from "../../../contract/content.server.ts";
import { applyRename, localeVersions, pagesPlacing, planRename } from "../../../toolchain/sections.ts";
import type { JsonBody } from "../input.ts";
import type { ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";

/**
 * Shared sections (docs/sections.md) as the editor manages them: the list with the pages each changes, a rename that
 * changes every reference (the one `npm run sections -- --rename` makes), and a deletion refused while a page places it.
 * A locale's own version of a section (site-config/locales/<code>/sections/) is renamed and deleted with it.
 */
export const sectionRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (app) => {
    app.get("/api/sections", async (request) => {
      const project = projectOf(request);
      return {
        sections: project.sectionList(),
        documents: project.sections(),
        localeDocuments: project.localeSections(),
      };
    });

    app.post<{ Body: JsonBody }>("/api/sections/rename", async (request) => {
      const project = projectOf(request);
      const [from, to] = [String(request.body.section), String(request.body.to)];
      try {
        const plan = await planRename(project.configDir, from, to, project.prettierOptions);
        applyRename(plan);
        return { file: project.rel(plan.moves[0]!.to), files: plan.edits.map((edit) => project.rel(edit.file)) };
      } catch (error) {
        if (error instanceof CatalogueError)
          throw refused(editorSectionErrors.renameRefused, {
            reason: error.message,
            code: error.code,
            hint: error.hint,
          });
        throw error;
      }
    });

    app.post<{ Body: JsonBody }>("/api/sections/delete", async (request) => {
      const project = projectOf(request);
      const section = String(request.body.section);
      const folder = project.rel(path.dirname(sectionFile("", project.configDir)));
      const file = project.inside([folder], `${folder}/${section}.json`);
      if (path.basename(file) !== `${section}.json` || !fs.existsSync(file))
        throw catalogueError(editorSectionErrors.unknown, { section });
      const pages = pagesPlacing(project.configDir, section);
      if (pages.length) throw catalogueError(editorSectionErrors.inUse, { section, pages });
      // No page of any locale places it: the locales' versions of it go with it.
      for (const version of localeVersions(project.configDir, section)) fs.rmSync(version);
      fs.rmSync(file);
      return { deleted: project.rel(file) };
    });
  };
