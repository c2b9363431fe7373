import type { FastifyPluginAsync } from "fastify";
import type { ProjectOf } from "../project.ts";
import { type InputTypes, NOTHING, fields, text } from "../route-schema.ts";
import { translateSection } from "../translate-section.ts";

const translateBody = fields(
  {
    section: text(100, "The section's id: its file's name under site-config/sections/, without `.json`"),
    locale: text(35, "The locale's code, as site.json lists it (`de-DE`)"),
  },
  ["section", "locale"],
);
const translate = {
  config: { role: "author", drafts: true },
  schema: { body: translateBody, querystring: NOTHING },
} as const;

/** "Translate" on a shared section: a locale's own version of it, to put in the locale's words (docs/sections.md). */
export const sectionTranslationRoutes =
  (projectOf: ProjectOf): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<InputTypes>();
    app.post("/api/sections/translate", translate, async (request) =>
      translateSection(projectOf(request), { section: request.body.section, locale: request.body.locale }),
    );
  };
