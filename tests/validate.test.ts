import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";
import { blockFolders, projectValidators } from "../contract/schemas.server.ts";
import { runValidate } from "../scripts/content/validate-cli.ts";

const root = path.resolve(import.meta.dirname, "..");
const fixturesDir = path.join(root, "tests/fixtures");
const validators = projectValidators();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "site-config-fixtures-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * A fixture is a set of files laid over a copy of the real site-config/ (adding a page or replacing site.json, and
 * with it the site's locales/),
 * with expected.txt holding the exact report the validator must print (`{{blockTypes}}` for the list of block types),
 * and public/ any files it refers to.
 */
function validateFixture(name: string) {
  const configDir = path.join(scratch, name, "site-config");
  fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
  // A fixture's site.json declares its own locales: the site's translations belong to the site's declaration.
  if (fs.existsSync(path.join(fixturesDir, name, "site.json")))
    fs.rmSync(path.join(configDir, "locales"), { recursive: true, force: true });
  fs.cpSync(path.join(fixturesDir, name), configDir, {
    recursive: true,
    filter: (src) => !src.endsWith("expected.txt") && !src.startsWith(path.join(fixturesDir, name, "public")),
  });
  // A fixture's public/ (files it refers to) is laid over a copy of the real one.
  const publicDir = path.join(scratch, name, "public");
  fs.cpSync(path.join(root, "public"), publicDir, { recursive: true });
  if (fs.existsSync(path.join(fixturesDir, name, "public")))
    fs.cpSync(path.join(fixturesDir, name, "public"), publicDir, { recursive: true });
  return validateConfig({ configDir, publicDir, validators });
}

const fixtures = fs.readdirSync(fixturesDir).filter((name) => fs.statSync(path.join(fixturesDir, name)).isDirectory());

describe("npm run validate refuses invalid config with a located, plain-English error", () => {
  it.each(fixtures)("%s", (name) => {
    // `{{blockTypes}}` stands for the list of block types, which grows with each new block folder.
    const expected = fs
      .readFileSync(path.join(fixturesDir, name, "expected.txt"), "utf8")
      .trim()
      .replaceAll("{{blockTypes}}", blockFolders(root).join(", "));
    const { problems } = validateFixture(name);
    expect(problems.map(formatProblem).join("\n")).toBe(expected);
  });
});

describe("npm run validate -- --pages, where CFG016 sends a broken link's author", () => {
  it("lists every page's path, title and file, the home page first", () => {
    const listing = runValidate({ argv: ["--pages"], env: {} });
    expect(listing.exitCode).toBe(0);
    const lines = listing.stdout.trimEnd().split("\n");
    const count = fs
      .readdirSync(path.join(root, "site-config/pages"), { recursive: true })
      .filter((f) => String(f).endsWith(".json")).length;
    expect(lines[0]).toBe(`${count} pages, by path:`);
    expect(lines[1]).toBe("  /  AI agents for insurance and contact centres  (site-config/pages/home.json)");
    expect(lines).toContain("  /free-pilot  Start your free AI agent pilot  (site-config/pages/free-pilot.json)");
    expect(lines).toHaveLength(count + 1);
  });
});

describe("the icons the build ships", () => {
  it("are every icon the content names, and every default icon of an item that names none", () => {
    const configDir = path.join(scratch, "icons", "site-config");
    fs.mkdirSync(path.join(configDir, "pages"), { recursive: true });
    fs.copyFileSync(path.join(root, "site-config/site.json"), path.join(configDir, "site.json"));
    const checklist = JSON.parse(fs.readFileSync(path.join(root, "blocks/checklist/schema.json"), "utf8")) as {
      examples: { items: Record<string, unknown>[] }[];
    };
    const { icon: _icon, ...withoutIcon } = checklist.examples[0].items[0];
    const page = {
      path: "/features",
      title: "Features",
      description: "What the agents do for a claims team, in one list.",
      blocks: [
        {
          type: "checklist",
          heading: "Everything a claims team needs",
          // The checklist's own first item, once without an icon and once with one: its other fields are whatever
          // the block type holds now.
          items: [withoutIcon, { ...withoutIcon, icon: "award" }],
        },
        { type: "call-to-action" },
      ],
    };
    fs.writeFileSync(path.join(configDir, "pages/features.json"), JSON.stringify(page));
    const { icons } = validateConfig({ configDir, publicDir: path.join(root, "public"), validators });
    expect(icons).toEqual(expect.arrayContaining(["award", "check"]));
    expect(icons).not.toContain("check-circle");
  });
});

describe("a page checked before it is written (the editor's Translate)", () => {
  it("is checked where it will be, in its locale, a new locale's folder too, and nothing else is added", () => {
    const configDir = path.join(scratch, "unwritten", "site-config");
    fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
    const site = JSON.parse(fs.readFileSync(path.join(configDir, "site.json"), "utf8")) as {
      locales: { list: { code: string }[] };
    };
    // A locale the site does not declare yet, with no folder of its own: declared here, for this test alone.
    const code = ["fr-FR", "nl-NL", "it-IT", "es-ES"].find(
      (other) => !site.locales.list.some((l) => l.code === other),
    )!;
    const prefix = code.slice(0, 2);
    fs.rmSync(path.join(configDir, "locales", code), { recursive: true, force: true });
    site.locales.list.push({ code, name: code, prefix, missing: "fallback" } as { code: string });
    fs.writeFileSync(path.join(configDir, "site.json"), JSON.stringify(site));
    const page = (pagePath: string, href: string) =>
      JSON.stringify({
        $schema: "../../../../schemas/page.schema.json",
        path: pagePath,
        translationOf: "/about",
        title: "About",
        description: "A page that is not written yet.",
        blocks: [{ type: "call-to-action", primary: { label: "Contact", href } }],
      });
    const german = path.join(configDir, "locales/de-DE/pages/about.json");
    fs.rmSync(german, { force: true });
    const other = path.join(configDir, `locales/${code}/pages/about.json`);
    const overrides = new Map([
      [german, page("/de/ueber-uns", "/contact")],
      [other, page(`/${prefix}/about-us`, `/${prefix}/contact`)],
    ]);
    const { problems } = validateConfig({ configDir, publicDir: path.join(root, "public"), validators, overrides });
    expect(fs.existsSync(german) || fs.existsSync(other)).toBe(false);
    expect(
      problems
        .filter((problem) => problem.file.endsWith("pages/about.json"))
        .map((problem) => `${problem.file} ${problem.code} ${problem.pointer}`),
    ).toEqual(["site-config/locales/de-DE/pages/about.json LOC002 /blocks/0/primary/href"]);
  });
});
