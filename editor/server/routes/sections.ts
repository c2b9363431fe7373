import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { CatalogueError, catalogueError, editorSectionErrors } from "../../../contract/errors.ts";
import { sectionFile } from "../../../contract/content.server.ts";
import { applyRename, localeVersions, pagesPlacing, planRename } from "../../../toolchain/sections.ts";
import type { ProjectOf } from "../project.ts";
import { refused } from "../refusals.ts";
import { type InputTypes, NOTHING, fields, text } from "../route-schema.ts";

const SECTION = text(100, "The section's id: its file's name under site-config/sections/, without `.json`");
const renameBody = fields({ section: SECTION, to: { ...SECTION, description: "Its new id" } }, ["section", "to"]);
const deleteBody = fields({ section: SECTION }, ["section"]);
const WRITE = { role: "author", drafts: true } as const;

/**
 * Shared sections (docs/sections.md) as the editor manages them: the list with the pages each changes, a rename that
 * changes every reference (the one `npm run sections -- --rename` makes), and a deletion refused while a page places it.
 * A locale's own version of a section (site-config/locales/<code>/sections/) is renamed and deleted with it.
 */
export const sectionRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    app.get("/api/sections", { config: { role: "viewer" }, schema: { querystring: NOTHING } }, async (request) => {
      const project = projectOf(request);
      const { sectionList, localeSections } = project.lists();
      return { sections: sectionList, documents: project.sections(), localeDocuments: localeSections };
    });

    const rename = { config: WRITE, schema: { body: renameBody, querystring: NOTHING } } as const;
    app.post("/api/sections/rename", rename, async (request) => {
      const project = projectOf(request);
      const { section: from, to } = request.body;
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

    const remove = { config: WRITE, schema: { body: deleteBody, querystring: NOTHING } } as const;
    app.post("/api/sections/delete", remove, async (request) => {
      const project = projectOf(request);
      const { section } = request.body;
      const folder = project.rel(path.dirname(sectionFile("", project.configDir)));
      const file = project.inside([folder], `${folder}/${section}.json`);
      const exists = await fs.stat(file).then(
        (stat) => stat.isFile(),
        () => false,
      );
      if (path.basename(file) !== `${section}.json` || !exists)
        throw catalogueError(editorSectionErrors.unknown, { section });
      const pages = pagesPlacing(project.configDir, section);
      if (pages.length) throw catalogueError(editorSectionErrors.inUse, { section, pages });
      // No page of any locale places it: the locales' versions of it go with it.
      for (const version of localeVersions(project.configDir, section)) await fs.rm(version);
      await fs.rm(file);
      return { deleted: project.rel(file) };
    });
  };
