// @vitest-environment node
/**
 * The editor's server on shared sections, on a copy of the project with a section and pages of its own: the list with
 * the pages each changes, the deletion refused while pages place the section (naming every one), and the rename that
 * changes every reference. The fixture's pages are its own, in a locale it declares itself: a page, a section or a
 * locale the site gains changes nothing here.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { editorSectionErrors, messageOf, sectionLines } from "../../contract/errors.ts";
import { pagesPlacing } from "../../toolchain/sections.ts";
import { validateConfig } from "../../toolchain/validate.ts";
import { type EditorServer, startEditor } from "../server.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";

let project: ReturnType<typeof copyProject>;
let editor: EditorServer;
let configDir = "";

/** The fixture's section, and the pages that place it: two of the default locale, one of the locale it declares. */
const SECTION = "fixture-band";
const PLACING = [
  "site-config/locales/nl-NL/pages/fixture-one.json",
  "site-config/pages/fixture-one.json",
  "site-config/pages/fixture-two.json",
];

beforeAll(async () => {
  project = copyProject();
  configDir = path.join(project.dir, "site-config");
  writeFixture();
  editor = await startEditor({ projectDir: project.dir });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  project?.remove();
});

const post = async (url: string, body: unknown) => {
  const response = await fetch(`${editor.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: editor.url, [EDITOR_TOKEN_HEADER]: editor.token },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const sectionFile = (id: string) => path.join(configDir, "sections", `${id}.json`);
const writeSection = (id: string, blocks: unknown[]) =>
  fs.writeFileSync(
    sectionFile(id),
    `${JSON.stringify({ $schema: "../../schemas/section.schema.json", name: `Section ${id}`, blocks }, null, 2)}\n`,
  );
const writeJson = (file: string, value: Record<string, unknown>) => {
  const full = path.join(project.dir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  const schema = path.relative(path.dirname(full), path.join(project.dir, "schemas/page.schema.json"));
  fs.writeFileSync(full, `${JSON.stringify({ $schema: schema.split(path.sep).join("/"), ...value }, null, 2)}\n`);
};

/** The fixture: its section, its pages placing it, and Dutch, shown from English where it has no page of its own. */
function writeFixture() {
  const site = JSON.parse(fs.readFileSync(path.join(configDir, "site.json"), "utf8")) as {
    locales: { list: object[] };
  };
  site.locales.list.push({ code: "nl-NL", name: "Nederlands", prefix: "nl", missing: "fallback" });
  fs.writeFileSync(path.join(configDir, "site.json"), `${JSON.stringify(site, null, 2)}\n`);
  writeSection(SECTION, [{ type: "text-section", heading: "A band", paragraphs: ["Placed by the fixture's pages."] }]);
  const page = (pagePath: string, title: string, translationOf?: string) => ({
    path: pagePath,
    ...(translationOf && { translationOf }),
    title,
    description: "A page of the sections' fixture, placing its section.",
    blocks: [{ type: "section", section: SECTION }, { type: "call-to-action" }],
  });
  writeJson("site-config/pages/fixture-one.json", page("/fixture-one", "Fixture one"));
  writeJson("site-config/pages/fixture-two.json", page("/fixture-two", "Fixture two"));
  writeJson("site-config/locales/nl-NL/pages/fixture-one.json", page("/nl/fixture-een", "Fixture een", "/fixture-one"));
}

describe("the editor's shared sections", () => {
  it("lists each section with every page that places it, by file, address and title", async () => {
    const boot = (await (await fetch(`${editor.url}/api/bootstrap`)).json()) as {
      sectionList: { id: string; file: string; pages: { file: string; path: string; title: string }[] }[];
    };
    const listed = boot.sectionList.find((entry) => entry.id === SECTION)!;
    expect(listed.file).toBe(`site-config/sections/${SECTION}.json`);
    expect(listed.pages.map((page) => page.file).sort()).toEqual(PLACING);
    expect(pagesPlacing(configDir, SECTION)).toEqual(PLACING);
    for (const page of listed.pages) {
      const document = JSON.parse(fs.readFileSync(path.join(project.dir, page.file), "utf8")) as Record<
        string,
        unknown
      >;
      expect([page.path, page.title]).toEqual([document.path, document.title]);
    }
  });

  it("refuses to delete a section that pages place, naming every one, and keeps its file", async () => {
    const id = SECTION;
    const answer = await post("/api/sections/delete", { section: id });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: "EDIT_SECTION_IN_USE",
      title: editorSectionErrors.inUse.title,
      message: messageOf(editorSectionErrors.inUse, { section: id, pages: PLACING }),
      hint: editorSectionErrors.inUse.hint,
    });
    expect(String((answer.body.error as { message: string }).message)).toContain("site-config/pages/");
    expect(fs.existsSync(sectionFile(id))).toBe(true);
  });

  it("deletes a section no page places, and refuses one that does not exist", async () => {
    writeSection("spare-note", [{ type: "text-section", heading: "Spare", paragraphs: ["A note."] }]);
    expect(await post("/api/sections/delete", { section: "spare-note" })).toEqual({
      status: 200,
      body: { deleted: "site-config/sections/spare-note.json" },
    });
    expect(fs.existsSync(sectionFile("spare-note"))).toBe(false);
    const missing = await post("/api/sections/delete", { section: "spare-note" });
    expect(missing.status).toBe(404);
    expect((missing.body.error as { message: string }).message).toBe(
      "there is no section 'spare-note' in site-config/sections/",
    );
  });

  it("renames a section with every reference to it, and the content stays valid", async () => {
    const id = SECTION;
    const answer = await post("/api/sections/rename", { section: id, to: `${id}-renamed` });
    expect(answer.status).toBe(200);
    expect(answer.body.file).toBe(`site-config/sections/${id}-renamed.json`);
    expect([...(answer.body.files as string[])].sort()).toEqual(PLACING);
    expect(fs.existsSync(sectionFile(id))).toBe(false);
    expect(pagesPlacing(configDir, `${id}-renamed`)).toEqual(PLACING);
    for (const page of PLACING)
      expect(fs.readFileSync(path.join(project.dir, page), "utf8")).toContain(`"${id}-renamed"`);
    expect(validateConfig({ configDir, publicDir: path.join(project.dir, "public") }).problems).toEqual([]);
    await post("/api/sections/rename", { section: `${id}-renamed`, to: id });
  });

  it("refuses a rename to an id already taken, in the command's words", async () => {
    const id = SECTION;
    writeSection("other-band", [{ type: "call-to-action" }]);
    const answer = await post("/api/sections/rename", { section: id, to: "other-band" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: { code: "EDIT_SECTION_RENAME" },
      code: "SEC104",
      reason: messageOf(sectionLines.renameTaken, { section: "other-band" }),
    });
    expect(fs.existsSync(sectionFile(id))).toBe(true);
  });

  it("opens a section's file with the section schema, and saves it", async () => {
    const id = SECTION;
    const opened = (await (
      await fetch(`${editor.url}/api/document?file=${encodeURIComponent(`site-config/sections/${id}.json`)}`)
    ).json()) as { schema: string; value: { name: string }; version: string };
    expect(opened.schema).toBe("schemas/section.schema.json");
    const saved = await post("/api/save", {
      file: `site-config/sections/${id}.json`,
      value: { ...opened.value, name: "Closing band, renamed" },
      version: opened.version,
    });
    expect(saved).toMatchObject({ status: 200, body: { changed: true } });
    expect(fs.readFileSync(sectionFile(id), "utf8")).toContain('"name": "Closing band, renamed"');
  });

  it("gives a locale's version its schema, its own entry and the preview's documents; a deletion takes it along", async () => {
    const localeFile = "site-config/locales/de-DE/sections/spare-band.json";
    writeSection("spare-band", [{ type: "call-to-action" }]);
    fs.mkdirSync(path.join(project.dir, path.dirname(localeFile)), { recursive: true });
    const german = {
      $schema: "../../../../schemas/section.schema.json",
      name: "Ersatzband",
      blocks: [{ type: "call-to-action" }],
    };
    fs.writeFileSync(path.join(project.dir, localeFile), `${JSON.stringify(german, null, 2)}\n`);
    const boot = (await (await fetch(`${editor.url}/api/bootstrap`)).json()) as {
      sectionList: { id: string; locale?: string; file: string; pages: unknown[] }[];
      localeSections: Record<string, Record<string, unknown>>;
    };
    expect(boot.sectionList.filter((entry) => entry.id === "spare-band")).toEqual([
      { id: "spare-band", name: "Section spare-band", file: "site-config/sections/spare-band.json", pages: [] },
      { id: "spare-band", name: "Ersatzband", locale: "de-DE", file: localeFile, pages: [] },
    ]);
    expect(boot.localeSections["de-DE"]?.["spare-band"]).toEqual(german);
    const opened = (await (
      await fetch(`${editor.url}/api/document?file=${encodeURIComponent(localeFile)}`)
    ).json()) as {
      schema: string;
    };
    expect(opened.schema).toBe("schemas/section.schema.json");

    expect(await post("/api/sections/delete", { section: "spare-band" })).toMatchObject({ status: 200 });
    expect(fs.existsSync(path.join(project.dir, localeFile))).toBe(false);
    expect(fs.existsSync(sectionFile("spare-band"))).toBe(false);
  });

  it("opens a locale's site.json with the locale's chrome schema", async () => {
    const opened = (await (
      await fetch(`${editor.url}/api/document?file=${encodeURIComponent("site-config/locales/de-DE/site.json")}`)
    ).json()) as { schema: string };
    expect(opened.schema).toBe("schemas/locale-site.schema.json");
  });
});
