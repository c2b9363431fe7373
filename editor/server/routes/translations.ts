import type { FastifyPluginAsync } from "fastify";
import type { TranslationSource } from "../../../contract/editor-protocol.ts";
import { type JsonBody, queryParam } from "../input.ts";
import type { ProjectOf } from "../project.ts";
import { sourceOf, translatePage, translationOverview } from "../translations.ts";

/** The locales' pages with their status, a translation's source beside it, and "Translate" (docs/localisation.md). */
export const translationRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (app) => {
    app.get("/api/translations", async (request) => translationOverview(projectOf(request)));

    app.get("/api/translations/source", async (request): Promise<TranslationSource> => {
      const project = projectOf(request);
      return { source: sourceOf(project, project.documentFile(queryParam(request, "file"))) ?? null };
    });

    app.post<{ Body: JsonBody }>("/api/translations", async (request) => {
      const { body } = request;
      return translatePage(projectOf(request), {
        file: String(body.file),
        locale: String(body.locale),
        path: String(body.path ?? ""),
      });
    });
  };
