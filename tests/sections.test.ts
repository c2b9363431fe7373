// @vitest-environment node
/**
 * Shared sections as the tools handle them, on a small site-config/ of the test's own: where each is used, the rename
 * that updates every reference, the pages a deletion would break, detaching one from a page, and the content loader,
 * which gives a page placing a section the blocks it would have with them written in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "../contract/content.server.ts";
import { type CatalogueError, formatNotice, sectionLines } from "../contract/errors.ts";
import { type SectionDoc, detachSection, expandBlocks } from "../contract/sections.ts";
import { pagesLastModified } from "../renderer/content/pages.server.ts";
import { copyWrittenIn } from "../scripts/sections-compare.ts";
import { sectionsArgs } from "../scripts/sections.ts";
import { ROOT } from "../toolchain/paths.ts";
import { applyRename, listSections, pagesPlacing, planRename } from "../toolchain/sections.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sections-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const configDir = path.join(scratch, "site-config");
const publicDir = path.join(ROOT, "public");
const write = (file: string, value: unknown) => {
  fs.mkdirSync(path.dirname(path.join(configDir, file)), { recursive: true });
  fs.writeFileSync(path.join(configDir, file), `${JSON.stringify(value, null, 2)}\n`);
};
const read = (file: string) => fs.readFileSync(path.join(configDir, file), "utf8");

const page = (pagePath: string, blocks: unknown[]) => ({
  $schema: "../../schemas/page.schema.json",
  path: pagePath,
  title: `Page ${pagePath}`,
  description: "A page that exists only to test shared sections.",
  blocks,
});
const DEMO_BAND = {
  $schema: "../../schemas/section.schema.json",
  name: "Demo band",
  overridable: { heading: "/blocks/0/heading" },
  blocks: [
    { type: "text-section", id: "demo", heading: "See it on your calls", paragraphs: ["Book a demo."] },
    { type: "call-to-action" },
  ],
};
const CLOSING = {
  $schema: "../../schemas/section.schema.json",
  name: "Closing",
  blocks: [{ type: "section", section: "demo-band" }],
};
const UNUSED = {
  $schema: "../../schemas/section.schema.json",
  name: "Compliance note",
  blocks: [{ type: "text-section", heading: "Regulated", paragraphs: ["Authorised by the FCA."] }],
};
const HERO = { type: "hero", heading: "Welcome" };
const WRITTEN_IN = [
  HERO,
  { type: "text-section", id: "demo", heading: "For pet insurers", paragraphs: ["Book a demo."] },
  { type: "call-to-action" },
];

beforeEach(() => {
  fs.rmSync(configDir, { recursive: true, force: true });
  // The site's own content with its sections written in (so that they place none), with the test's pages beside it.
  copyWrittenIn(path.join(ROOT, "site-config"), configDir);
  write("sections/demo-band.json", DEMO_BAND);
  write("sections/closing.json", CLOSING);
  write("sections/compliance-note.json", UNUSED);
  write(
    "pages/placing.json",
    page("/placing", [HERO, { type: "section", section: "demo-band", overrides: { heading: "For pet insurers" } }]),
  );
  write("pages/nested.json", page("/nested", [HERO, { type: "section", section: "closing" }]));
  write("pages/written.json", page("/written", WRITTEN_IN));
});

const problems = () => validateConfig({ configDir, publicDir }).problems.map(formatProblem);

describe("where each section is used", () => {
  it("lists for each section the pages that place it, directly or through another section", () => {
    expect(validateConfig({ configDir, publicDir }).problems).toEqual([]);
    const sections = listSections(configDir);
    expect(formatNotice(sectionLines.usage, { sections })).toBe(
      [
        "3 shared sections, with the pages that place them:",
        "  closing  Closing",
        "    /nested  (site-config/pages/nested.json)",
        "  compliance-note  Compliance note",
        "    (no page)",
        "  demo-band  Demo band",
        "    /nested  (site-config/pages/nested.json)",
        "    /placing  (site-config/pages/placing.json)",
      ].join("\n"),
    );
  });

  it("names every page that deleting a section would break, and validation then fails on each of them", () => {
    expect(pagesPlacing(configDir, "demo-band")).toEqual([
      "site-config/pages/nested.json",
      "site-config/pages/placing.json",
    ]);
    expect(pagesPlacing(configDir, "compliance-note")).toEqual([]);
    fs.rmSync(path.join(configDir, "sections/demo-band.json"));
    expect(problems()).toEqual([
      "site-config/pages/placing.json:13:7  /blocks/1/section  SEC001 unknown section 'demo-band' — sections: closing, compliance-note",
      "site-config/sections/closing.json:7:7  /blocks/0/section  SEC001 unknown section 'demo-band' — sections: closing, compliance-note",
    ]);
  });
});

describe("a section file that is not JSON", () => {
  it("is reported in its own file only, not as an unknown section on the pages that place it", () => {
    fs.writeFileSync(path.join(configDir, "sections/demo-band.json"), '{ "name": "Demo band", }');
    expect(problems()).toEqual([
      "site-config/sections/demo-band.json:1:24  /  CFG001 invalid JSON: a property name in double quotes was expected — is there a trailing comma before '}'?",
    ]);
  });
});

describe("npm run sections -- --rename", () => {
  const prettierOptions = (file: string) => ({ filepath: file });

  it("moves the file and changes the id in every reference, and nothing else", async () => {
    const before = { home: read("pages/placing.json"), closing: read("sections/closing.json") };
    const plan = await planRename(configDir, "demo-band", "pilot-band", prettierOptions);
    expect(plan.edits.map((edit) => path.relative(configDir, edit.file)).sort()).toEqual([
      "pages/placing.json",
      "sections/closing.json",
    ]);
    applyRename(plan);
    expect(fs.existsSync(path.join(configDir, "sections/demo-band.json"))).toBe(false);
    expect(read("sections/pilot-band.json")).toBe(`${JSON.stringify(DEMO_BAND, null, 2)}\n`);
    expect(read("pages/placing.json")).toBe(before.home.replace('"demo-band"', '"pilot-band"'));
    expect(read("sections/closing.json")).toBe(before.closing.replace('"demo-band"', '"pilot-band"'));
    expect(problems()).toEqual([]);
  });

  it("refuses an unknown section, a taken id and a name that is no id, writing nothing", async () => {
    const refusal = (from: string, to: string) =>
      planRename(configDir, from, to, prettierOptions).then(
        () => "planned",
        (error: CatalogueError) => `${error.code} ${error.message}`,
      );
    expect(await refusal("demo-bnad", "pilot-band")).toBe(
      "SEC103 there is no section 'demo-bnad' to rename — did you mean 'demo-band'?",
    );
    expect(await refusal("demo-band", "closing")).toBe(
      "SEC104 a section 'closing' exists already: a rename never overwrites one",
    );
    expect(await refusal("demo-band", "Pilot Band")).toBe(
      "SEC105 'Pilot Band' is not a section id: lower-case letters and digits, words joined by hyphens (e.g. 'demo-band')",
    );
    expect(fs.readdirSync(path.join(configDir, "sections")).sort()).toEqual([
      "closing.json",
      "compliance-note.json",
      "demo-band.json",
    ]);
  });

  it("takes --rename and --to together, or neither", () => {
    expect(sectionsArgs([])).toEqual({});
    expect(sectionsArgs(["--rename", "a", "--to", "b"])).toEqual({ rename: { from: "a", to: "b" } });
    expect(() => sectionsArgs(["--rename", "a"])).toThrow(
      "--rename and --to go together — usage: npm run sections (lists each section's pages), npm run sections -- --rename <id> --to <new-id>",
    );
  });
});

describe("detaching a section from one page", () => {
  it("puts a copy of its blocks in its place, overrides applied, and leaves a section placed inside as a reference", () => {
    const sections = new Map<string, SectionDoc>([
      ["demo-band", DEMO_BAND],
      ["closing", CLOSING],
    ]);
    const home = [HERO, { type: "section", section: "demo-band", overrides: { heading: "For pet insurers" } }];
    expect(detachSection(home, 1, sections)).toEqual(WRITTEN_IN);
    expect(DEMO_BAND.blocks[0]!.heading).toBe("See it on your calls");
    expect(detachSection([HERO, { type: "section", section: "closing" }], 1, sections)).toEqual([
      HERO,
      { type: "section", section: "demo-band" },
    ]);
    expect(detachSection(home, 0, sections)).toEqual(home);
  });
});

describe("sections where content is loaded", () => {
  it("give each page the blocks it would hold with them written in, defaults and all", () => {
    const pages = new Map(loadContent(configDir).pages.map((page) => [page.path, page]));
    expect(pages.get("/placing")!.blocks).toEqual(pages.get("/written")!.blocks);
    const about = pages.get("/nested")!.blocks as { type: string; heading?: string }[];
    expect(about.map((block) => block.type)).toEqual(WRITTEN_IN.map((block) => block.type));
    expect(about[1]!.heading).toBe("See it on your calls");
  });

  it("date a page in the sitemap by its file or a section it places, whichever changed last", () => {
    const at = (file: string, iso: string) => fs.utimesSync(path.join(configDir, file), new Date(iso), new Date(iso));
    for (const file of ["pages/placing.json", "pages/nested.json", "pages/written.json"])
      at(file, "2026-01-01T00:00:00Z");
    at("sections/demo-band.json", "2026-03-01T00:00:00Z");
    at("sections/closing.json", "2026-02-01T00:00:00Z");
    const dates = Object.fromEntries(pagesLastModified(configDir));
    expect([dates["/placing"], dates["/nested"], dates["/written"]]).toEqual([
      "2026-03-01T00:00:00.000Z",
      "2026-03-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
    ]);
  });

  it("expands a section once per reference, each a copy of its own", () => {
    const sections = new Map<string, SectionDoc>([["demo-band", DEMO_BAND]]);
    const placed = { type: "section", section: "demo-band" };
    const { blocks, problems } = expandBlocks([placed, placed], sections);
    expect(problems).toEqual([]);
    expect(blocks).toHaveLength(2 * DEMO_BAND.blocks.length);
    expect(blocks[0]).not.toBe(blocks[2]);
    expect(blocks[0]).not.toBe(DEMO_BAND.blocks[0]);
  });
});

describe("a locale's own version of a section", () => {
  const GERMAN_BAND = {
    $schema: "../../../../schemas/section.schema.json",
    name: "Demo-Band",
    overridable: { heading: "/blocks/0/heading" },
    blocks: [
      { type: "text-section", id: "demo", heading: "Im Einsatz erleben", paragraphs: ["Demo buchen."] },
      { type: "call-to-action" },
    ],
  };
  const germanPage = (blocks: unknown[]) => ({
    ...page("/de/platzieren", blocks),
    translationOf: "/placing",
    $schema: "../../../../schemas/page.schema.json",
  });
  beforeEach(() => {
    write("locales/de-DE/sections/demo-band.json", GERMAN_BAND);
    write(
      "locales/de-DE/pages/placing.json",
      germanPage([HERO, { type: "section", section: "demo-band", overrides: { heading: "Für Tierversicherer" } }]),
    );
  });
  const loadedPages = () => {
    const content = loadContent(configDir);
    return [...content.pages, ...content.locales.flatMap((locale) => locale.pages)] as {
      path: string;
      blocks: { heading?: string; paragraphs?: string[] }[];
    }[];
  };

  it("is placed on the locale's pages, the source's on the others; validation passes", () => {
    expect(problems()).toEqual([]);
    const pages = new Map(loadedPages().map((loaded) => [loaded.path, loaded.blocks]));
    expect(pages.get("/de/platzieren")![1]).toMatchObject({
      heading: "Für Tierversicherer",
      paragraphs: ["Demo buchen."],
    });
    expect(pages.get("/placing")![1]).toMatchObject({ heading: "For pet insurers", paragraphs: ["Book a demo."] });
  });

  it("is listed under its locale with the locale's pages; a deletion counts the pages of every locale", () => {
    const listed = listSections(configDir);
    expect(listed.find((section) => section.locale === "de-DE")).toEqual({
      id: "demo-band",
      name: "Demo-Band",
      locale: "de-DE",
      file: "site-config/locales/de-DE/sections/demo-band.json",
      pages: ["/de/platzieren  (site-config/locales/de-DE/pages/placing.json)"],
    });
    expect(formatNotice(sectionLines.usage, { sections: listed })).toContain(
      "  demo-band (de-DE)  Demo-Band\n    /de/platzieren  (site-config/locales/de-DE/pages/placing.json)",
    );
    expect(pagesPlacing(configDir, "demo-band")).toEqual([
      "site-config/locales/de-DE/pages/placing.json",
      "site-config/pages/nested.json",
      "site-config/pages/placing.json",
    ]);
  });

  it("is renamed with its source, the locale's references with it", async () => {
    const before = read("locales/de-DE/pages/placing.json");
    applyRename(await planRename(configDir, "demo-band", "pilot-band", (file) => ({ filepath: file })));
    expect(fs.existsSync(path.join(configDir, "locales/de-DE/sections/demo-band.json"))).toBe(false);
    expect(read("locales/de-DE/sections/pilot-band.json")).toBe(`${JSON.stringify(GERMAN_BAND, null, 2)}\n`);
    expect(read("locales/de-DE/pages/placing.json")).toBe(before.replace('"demo-band"', '"pilot-band"'));
    expect(problems()).toEqual([]);
  });

  it("must be the version of a section of the source, and is checked where its locale places it", () => {
    write("locales/de-DE/sections/demo-bnad.json", GERMAN_BAND);
    write(
      "locales/de-DE/pages/placing.json",
      germanPage([HERO, { type: "section", section: "demo-band", overrides: { paragraphs: ["Nein"] } }]),
    );
    expect(problems()).toEqual([
      "site-config/locales/de-DE/pages/placing.json:15:9  /blocks/1/overrides/paragraphs  SEC003 section 'demo-band' lets no page override 'paragraphs' — it declares: heading",
      "site-config/locales/de-DE/sections/demo-bnad.json:1:1  /  LOC010 site-config/locales/de-DE/sections/demo-bnad.json is a de-DE version of section 'demo-bnad', which site-config/sections/ does not hold, so no page places it — did you mean 'demo-band'?",
    ]);
  });
});
