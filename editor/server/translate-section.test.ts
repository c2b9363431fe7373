// @vitest-environment node
/**
 * "Translate" on a shared section, through the editor's server (POST /api/sections/translate), on a site of three
 * locales of its own (tests/support/editor/test-locale-project.ts) with a section of its own: the locale's own version written as a
 * copy of the source's, listed and placed as that locale's; refused, in the catalogue's words, for a locale the site
 * does not translate into, a section that does not exist and a locale that has its version already.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { editorErrors, editorSectionErrors, editorTranslationErrors, messageOf } from "../../contract/errors.ts";
import { validateConfig } from "../../toolchain/validate.ts";
import { type EditorServer, startEditor } from "../server.ts";
import { localeProject } from "../../tests/support/editor/test-locale-project.ts";

/** The section's file as the repository formats it. */
const SECTION_TEXT = `{
  "$schema": "../../schemas/section.schema.json",
  "name": "Billing note",
  "blocks": [
    {
      "type": "text-section",
      "heading": "How billing works",
      "paragraphs": ["One price per resolved enquiry."]
    }
  ]
}
`;
const SECTION = JSON.parse(SECTION_TEXT) as Record<string, unknown>;
const GERMAN_PAGE = "site-config/locales/de-DE/pages/plans.json";
const GERMAN_VERSION = "site-config/locales/de-DE/sections/billing-note.json";

let project: ReturnType<typeof localeProject>;
let editor: EditorServer;
const file = (name: string) => path.join(project.dir, name);
const read = (name: string) => fs.readFileSync(file(name), "utf8");

beforeAll(async () => {
  project = localeProject();
  fs.writeFileSync(file("site-config/sections/billing-note.json"), SECTION_TEXT);
  // The German page places the section before its call to action.
  const german = JSON.parse(read(GERMAN_PAGE)) as { blocks: unknown[] };
  german.blocks.splice(-1, 0, { type: "section", section: "billing-note" });
  fs.writeFileSync(file(GERMAN_PAGE), `${JSON.stringify(german, null, 2)}\n`);
  editor = await startEditor({ projectDir: project.dir });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  project?.remove();
});

const translate = async (body: unknown) => {
  const response = await fetch(`${editor.url}/api/sections/translate`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: editor.url, [EDITOR_TOKEN_HEADER]: editor.token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The answer to a refused Translate: the entry, then the reason, its code and its fix. */
const refusal = (reason: { code: string; hint: string }, message: string) => ({
  error: {
    code: editorSectionErrors.translateRefused.code,
    title: editorSectionErrors.translateRefused.title,
    message: editorSectionErrors.translateRefused.message,
    hint: editorSectionErrors.translateRefused.hint,
  },
  reason: message,
  code: reason.code,
  hint: reason.hint,
});

describe("Translate on a shared section (POST /api/sections/translate)", () => {
  it("writes the locale's own version, a copy of the source's, which the locale's pages place from then on", async () => {
    const source = read("site-config/sections/billing-note.json");
    const answer = await translate({ section: "billing-note", locale: "de-DE" });
    expect(answer).toEqual({ status: 200, body: { file: GERMAN_VERSION } });
    const version = read(GERMAN_VERSION);
    // The same section, its schema found from its own folder, in the repository's format.
    expect(JSON.parse(version)).toEqual({ ...SECTION, $schema: "../../../../schemas/section.schema.json" });
    expect(version).toBe(source.replace('"../../schemas/', '"../../../../schemas/'));
    expect(read("site-config/sections/billing-note.json")).toBe(source);
    expect(fs.existsSync(file("site-config/locales/fr-FR/sections/billing-note.json"))).toBe(false);

    const boot = (await (await fetch(`${editor.url}/api/bootstrap`)).json()) as {
      localeSections: Record<string, Record<string, unknown>>;
      sectionList: { id: string; locale?: string; file: string; pages: { file: string }[] }[];
    };
    expect(boot.localeSections["de-DE"]?.["billing-note"]).toEqual(JSON.parse(version));
    expect(boot.sectionList.find((section) => section.file === GERMAN_VERSION)).toMatchObject({
      id: "billing-note",
      locale: "de-DE",
      pages: [{ file: GERMAN_PAGE }],
    });
    const { problems } = validateConfig({
      configDir: file("site-config"),
      publicDir: file("public"),
    });
    const ours = [GERMAN_VERSION, GERMAN_PAGE, "site-config/sections/billing-note.json"];
    expect(problems.filter((problem) => ours.includes(problem.file))).toEqual([]);
  });

  it("refuses a locale that has its own version already, naming it, and leaves the file as it is", async () => {
    const before = read(GERMAN_VERSION);
    const answer = await translate({ section: "billing-note", locale: "de-DE" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      refusal(
        editorSectionErrors.alreadyTranslated,
        messageOf(editorSectionErrors.alreadyTranslated, {
          section: "billing-note",
          locale: "Deutsch",
          file: GERMAN_VERSION,
        }),
      ),
    );
    expect(read(GERMAN_VERSION)).toBe(before);
  });

  it("refuses a locale the site does not translate into, the default one included", async () => {
    for (const locale of ["es-ES", "en-GB"]) {
      const answer = await translate({ section: "billing-note", locale });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(
        refusal(
          editorTranslationErrors.unknownLocale,
          messageOf(editorTranslationErrors.unknownLocale, { locale, locales: ["de-DE", "fr-FR"] }),
        ),
      );
    }
    expect(fs.existsSync(file("site-config/locales/es-ES"))).toBe(false);
  });

  it("refuses a section that does not exist, and a name that leads out of the sections' folder", async () => {
    const answer = await translate({ section: "billing-notes", locale: "fr-FR" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      refusal(editorSectionErrors.unknown, messageOf(editorSectionErrors.unknown, { section: "billing-notes" })),
    );
    for (const section of ["../pages/plans", "../../package"]) {
      const outside = await translate({ section, locale: "fr-FR" });
      expect(outside.status).toBe(403);
      expect((outside.body.error as { code: string }).code).toBe(editorErrors.unsafePath.code);
    }
    expect(fs.existsSync(file("site-config/locales/fr-FR/sections"))).toBe(false);
  });
});
