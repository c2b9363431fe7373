// @vitest-environment node
/**
 * `npm run sections:compare`'s two halves on content of the test's own: the copy with every section written in (what
 * the site would hold without sections, dated as it would be) and the comparison of two builds' files. The builds
 * themselves are the command's (docs/sections.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareBuilds, copyAsIs, copyWrittenIn } from "../scripts/sections-compare.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "sections-compare-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const write = (file: string, value: unknown, date?: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`);
  if (date) fs.utimesSync(file, new Date(date), new Date(date));
};
const json = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
const modified = (file: string) => fs.statSync(file).mtime.toISOString();

const config = path.join(scratch, "content", "site-config");
const HERO = { type: "hero", heading: "Welcome" };
write(path.join(config, "site.json"), { name: "Site" }, "2026-01-01T00:00:00Z");
write(
  path.join(config, "sections", "band.json"),
  {
    name: "Band",
    overridable: { heading: "/blocks/0/heading" },
    blocks: [{ type: "text-section", heading: "Band", paragraphs: ["Words."] }, { type: "call-to-action" }],
  },
  "2026-03-01T00:00:00Z",
);
write(
  path.join(config, "pages", "placing.json"),
  { path: "/placing", blocks: [HERO, { type: "section", section: "band", overrides: { heading: "Here" } }] },
  "2026-02-01T00:00:00Z",
);
const OWN = '{ "path": "/own",   "blocks": [] }\n';
write(path.join(config, "pages", "own.json"), OWN, "2026-02-01T00:00:00Z");
// A German translation of the placing page, and German's own version of the band.
write(
  path.join(config, "locales", "de-DE", "sections", "band.json"),
  { name: "Band", blocks: [{ type: "text-section", heading: "Band", paragraphs: ["Worte."] }] },
  "2026-04-01T00:00:00Z",
);
write(
  path.join(config, "locales", "de-DE", "pages", "placing.json"),
  { path: "/de/platzieren", translationOf: "/placing", blocks: [HERO, { type: "section", section: "band" }] },
  "2026-02-01T00:00:00Z",
);

describe("the site with its sections written in", () => {
  const into = path.join(scratch, "written-in", "site-config");
  const written = copyWrittenIn(config, into);

  it("holds each page's blocks as the section places them, overrides applied, and no section", () => {
    expect(json(path.join(into, "pages", "placing.json")).blocks).toEqual([
      HERO,
      { type: "text-section", heading: "Here", paragraphs: ["Words."] },
      { type: "call-to-action" },
    ]);
    expect(fs.existsSync(path.join(into, "sections"))).toBe(false);
    expect(written).toEqual({ pages: 2, references: 2 });
  });

  it("writes a locale's pages in with the locale's own version of a section, and keeps no locale's sections", () => {
    const german = path.join(into, "locales", "de-DE", "pages", "placing.json");
    expect(json(german).blocks).toEqual([HERO, { type: "text-section", heading: "Band", paragraphs: ["Worte."] }]);
    expect(modified(german)).toBe("2026-04-01T00:00:00.000Z");
    expect(fs.existsSync(path.join(into, "locales", "de-DE", "sections"))).toBe(false);
  });

  it("leaves a page that places no section as it is, and dates a placing page by its section when that is later", () => {
    expect(fs.readFileSync(path.join(into, "pages", "own.json"), "utf8")).toBe(OWN);
    expect(modified(path.join(into, "pages", "own.json"))).toBe("2026-02-01T00:00:00.000Z");
    expect(modified(path.join(into, "pages", "placing.json"))).toBe("2026-03-01T00:00:00.000Z");
  });

  it("copies the content as it is with each file's date", () => {
    const asIs = path.join(scratch, "as-is", "site-config");
    copyAsIs(config, asIs);
    expect(modified(path.join(asIs, "pages", "placing.json"))).toBe("2026-02-01T00:00:00.000Z");
    expect(modified(path.join(asIs, "sections", "band.json"))).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("comparing two builds", () => {
  const build = (name: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) write(path.join(scratch, name, file), text);
    return path.join(scratch, name);
  };
  const a = build("a", { "client/index.html": "<p>a</p>", "client/about/index.html": "<p>b</p>" });

  it("counts the files and bytes of identical builds and names no difference", () => {
    const b = build("b", { "client/index.html": "<p>a</p>", "client/about/index.html": "<p>b</p>" });
    expect(compareBuilds(a, b)).toEqual({ files: 2, bytes: 16, different: [] });
  });

  it("names a file that differs by a byte and one that only one build has", () => {
    const c = build("c", { "client/index.html": "<p>A</p>", "client/about/index.html": "<p>b</p>", "x.txt": "" });
    expect(compareBuilds(a, c).different).toEqual(["client/index.html", "x.txt"]);
  });
});
