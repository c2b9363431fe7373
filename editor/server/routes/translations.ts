import type { FastifyPluginAsync } from "fastify";
import type { TranslationSource } from "../../protocol.ts";
import type { ProjectOf } from "../project.ts";
import { FILE, type InputTypes, NOTHING, fields, text } from "../route-schema.ts";
import { sourceOf, translatePage, translationOverview } from "../translations.ts";

/** The locales' pages with their status, a translation's source beside it, and "Translate" (docs/localisation.md). */
export const translationRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    const read = { config: { role: "viewer" }, schema: { querystring: NOTHING } } as const;
    app.get("/api/translations", read, async (request) => translationOverview(projectOf(request)));

    const sourceQuery = fields({ file: { ...FILE, description: "The translation's file" } }, ["file"]);
    const source = { ...read, schema: { querystring: sourceQuery } } as const;
    app.get("/api/translations/source", source, async (request): Promise<TranslationSource> => {
      const project = projectOf(request);
      return { source: (await sourceOf(project, project.documentFile(request.query.file))) ?? null };
    });

    const translateBody = fields(
      {
        file: { ...FILE, description: "The source page's file" },
        locale: text(35, "The locale's code, as site.json lists it (`de-DE`)"),
        path: text(500, "The translation's address, under the locale's prefix (`/de/ueber-uns`)"),
      },
      ["file", "locale"],
    );
    const translate = {
      config: { role: "author", drafts: true },
      schema: { body: translateBody, querystring: NOTHING },
    } as const;
    app.post("/api/translations", translate, async (request) => {
      const { body } = request;
      return translatePage(projectOf(request), { file: body.file, locale: body.locale, path: body.path ?? "" });
    });
  };
