import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { messageOf as catalogueMessage, scaffoldErrors } from "../contract/errors.ts";
import { duplicatePage, inSentence, scaffoldPage } from "../toolchain/scaffold.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";
import { freeSlug } from "./support/editor/test-project.ts";
import { writeChanges } from "../toolchain/save.ts";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { readSchemas } from "../contract/schemas.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "scaffold-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const schemas = Object.fromEntries(readSchemas().map(({ name, schema }) => [name, schema])) as SchemaFiles;

let copies = 0;
function copyConfig() {
  const configDir = path.join(scratch, `copy-${++copies}`, "site-config");
  fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
  return configDir;
}

/** The page files of a folder of a copy's site-config/pages/, by name: tests refuse or copy whichever the content holds. */
const pageFiles = (configDir: string, folder: string) =>
  fs
    .readdirSync(path.join(configDir, "pages", folder))
    .filter((file) => file.endsWith(".json"))
    .sort();

describe("new:page scaffold", () => {
  it.each([
    ["industry", "marine-insurance", "Marine Insurance", "industries", "../../../schemas/page.schema.json"],
    ["blank", "careers", "Careers", "", "../../schemas/page.schema.json"],
  ])("writes a valid %s page with its $schema", async (template, wanted, name, folder, schema) => {
    const configDir = copyConfig();
    const slug = freeSlug(path.join(configDir, "pages"), folder, wanted);
    const pagePath = `/${[folder, slug].filter(Boolean).join("/")}`;
    const result = await scaffoldPage({ template, slug, name, configDir });
    expect(result).toEqual({ file: path.join(configDir, "pages", folder, `${slug}.json`), pagePath });
    const doc = JSON.parse(fs.readFileSync(result.file, "utf8")) as {
      $schema: string;
      path: string;
      title: string;
      nav?: { label: string };
    };
    expect(doc.$schema).toBe(schema);
    expect(doc.path).toBe(pagePath);
    expect(JSON.stringify(doc)).not.toContain("{{");
    if (template === "industry") expect(doc.nav?.label).toBe("Marine Insurance");
    expect(validateConfig({ configDir, publicDir: path.join(root, "public") }).problems.map(formatProblem)).toEqual([]);
  });

  it("writes the name in lower case inside sentences, and as given in the menu and the badge", async () => {
    const configDir = copyConfig();
    const { file } = await scaffoldPage({
      template: "industry",
      slug: freeSlug(path.join(configDir, "pages"), "industries", "travel-insurance"),
      name: "Travel Insurance",
      configDir,
    });
    const doc = JSON.parse(fs.readFileSync(file, "utf8")) as {
      title: string;
      description: string;
      nav: { label: string };
      blocks: { badge?: string; heading?: string }[];
    };
    expect(doc.title).toBe("AI agents for travel insurance");
    expect(doc.blocks[0].heading).toBe("AI agents for travel insurance");
    expect(doc.description).toMatch(/^AI voice, chat and email agents for travel insurance: /);
    expect(doc.nav.label).toBe("Travel Insurance");
    expect(doc.blocks[0].badge).toBe("Travel Insurance");
  });

  it.each(["industry", "blank"])(
    "writes a %s page byte for byte as Prettier formats it and as the editor's save writes the same page",
    async (template) => {
      const configDir = copyConfig();
      const slug = freeSlug(path.join(configDir, "pages"), template === "industry" ? "industries" : "", "format-check");
      const { file } = await scaffoldPage({ template, slug, name: "Format Check", configDir });
      const text = fs.readFileSync(file, "utf8");
      const prettierOptions = { ...(await prettier.resolveConfig(path.join(root, "package.json"))), filepath: file };
      expect(await prettier.format(text, prettierOptions)).toBe(text);
      // The editor saving this very page into an empty document: every object and item laid out as it lays them out.
      const pageSchema = "schemas/page.schema.json";
      const saved = await writeChanges({
        text: "{}",
        value: JSON.parse(text),
        schemas,
        root: { file: pageSchema, schema: schemas[pageSchema] },
        prettierOptions,
      });
      expect(saved).toBe(text);
    },
  );

  it.each(["industry", "blank"])(
    "ends a %s page as the site's pages end: with the shared closing section, or its call to action where the site has none",
    async (template) => {
      const folder = template === "industry" ? "industries" : "";
      const last = async (configDir: string) => {
        const slug = freeSlug(path.join(configDir, "pages"), folder, "closing-check");
        const { file } = await scaffoldPage({ template, slug, name: "Closing Check", configDir });
        return (JSON.parse(fs.readFileSync(file, "utf8")) as { blocks: unknown[] }).blocks.at(-1);
      };
      const configDir = copyConfig();
      // The section a page places to close with, as the site's own pages do.
      const sections = fs.readdirSync(path.join(configDir, "sections")).map((file) => file.replace(/\.json$/, ""));
      expect(sections).toContain("closing");
      expect(await last(configDir)).toEqual({ type: "section", section: "closing" });
      expect(validateConfig({ configDir, publicDir: path.join(root, "public") }).problems.map(formatProblem)).toEqual(
        [],
      );
      const without = copyConfig();
      fs.rmSync(path.join(without, "sections", "closing.json"));
      expect(await last(without)).toEqual({ type: "call-to-action" });
    },
  );

  it("keeps acronyms in capitals inside sentences", () => {
    expect(inSentence("UK Motor Insurance")).toBe("UK motor insurance");
    expect(inSentence("Pet insurance")).toBe("pet insurance");
  });

  it("refuses a file that exists, and leaves it untouched", async () => {
    const configDir = copyConfig();
    const [existing] = pageFiles(configDir, "industries");
    const file = path.join(configDir, "pages/industries", existing);
    const before = fs.readFileSync(file, "utf8");
    await expect(
      scaffoldPage({ template: "industry", slug: existing.replace(/\.json$/, ""), name: "Some Insurance", configDir }),
    ).rejects.toThrow(
      catalogueMessage(scaffoldErrors.fileExists, { file: `site-config/pages/industries/${existing}` }),
    );
    expect(fs.readFileSync(file, "utf8")).toBe(before);
  });

  it("refuses an address another page already uses", async () => {
    const configDir = copyConfig();
    // A page at the address its file's name gives, moved to another file name: the address stays taken.
    const slug = pageFiles(configDir, "")
      .map((file) => file.replace(/\.json$/, ""))
      .find(
        (name) =>
          (JSON.parse(fs.readFileSync(path.join(configDir, "pages", `${name}.json`), "utf8")) as { path: string })
            .path === `/${name}`,
      )!;
    const moved = `${freeSlug(path.join(configDir, "pages"), "", `${slug}-moved`)}.json`;
    fs.renameSync(path.join(configDir, "pages", `${slug}.json`), path.join(configDir, "pages", moved));
    await expect(scaffoldPage({ template: "blank", slug, name: "A Page", configDir })).rejects.toThrow(
      catalogueMessage(scaffoldErrors.pathUsed, { path: `/${slug}`, file: `site-config/pages/${moved}` }),
    );
  });

  it("refuses a bad slug, a bad name and an unknown template", async () => {
    const configDir = copyConfig();
    await expect(
      scaffoldPage({ template: "industry", slug: "Marine Insurance", name: "Marine", configDir }),
    ).rejects.toThrow(
      "'Marine Insurance' is not a valid slug — use lower-case letters, digits and hyphens, e.g. 'marine-insurance'",
    );
    await expect(scaffoldPage({ template: "industry", slug: "marine", name: "M", configDir })).rejects.toThrow(
      "the name must be 3 to 40 characters long, e.g. 'Marine Insurance'",
    );
    await expect(scaffoldPage({ template: "landing", slug: "marine", name: "Marine", configDir })).rejects.toThrow(
      "unknown template 'landing' — use one of: blank, industry",
    );
  });

  it("duplicates a page beside it: same folder, the address beside its own, every block kept", async () => {
    const configDir = copyConfig();
    const source = path.join(configDir, "pages/industries", pageFiles(configDir, "industries")[0]);
    const slug = freeSlug(path.join(configDir, "pages"), "industries", "cover-copy");
    const result = await duplicatePage({ source, slug, configDir });
    expect(result).toEqual({
      file: path.join(configDir, `pages/industries/${slug}.json`),
      pagePath: `/industries/${slug}`,
    });
    const original = JSON.parse(fs.readFileSync(source, "utf8")) as object;
    expect(JSON.parse(fs.readFileSync(result.file, "utf8"))).toEqual({ ...original, path: `/industries/${slug}` });
    const homeSlug = freeSlug(path.join(configDir, "pages"), "", "home-b");
    const home = await duplicatePage({ source: path.join(configDir, "pages/home.json"), slug: homeSlug, configDir });
    expect(home.pagePath).toBe(`/${homeSlug}`);
    expect(validateConfig({ configDir, publicDir: path.join(root, "public") }).problems.map(formatProblem)).toEqual([]);
  });

  it("refuses to duplicate onto a file or an address that is taken, or with a bad slug", async () => {
    const configDir = copyConfig();
    const [sourceFile, otherFile] = pageFiles(configDir, "industries");
    const source = path.join(configDir, "pages/industries", sourceFile);
    const other = otherFile.replace(/\.json$/, "");
    await expect(duplicatePage({ source, slug: other, configDir })).rejects.toThrow(
      catalogueMessage(scaffoldErrors.fileExists, { file: `site-config/pages/industries/${otherFile}` }),
    );
    // The other page moved out of the folder keeps its address.
    const moved = `${freeSlug(path.join(configDir, "pages"), "", `${other}-moved`)}.json`;
    fs.renameSync(path.join(configDir, "pages/industries", otherFile), path.join(configDir, "pages", moved));
    await expect(duplicatePage({ source, slug: other, configDir })).rejects.toThrow(
      catalogueMessage(scaffoldErrors.pathUsed, { path: `/industries/${other}`, file: `site-config/pages/${moved}` }),
    );
    await expect(duplicatePage({ source, slug: "Pet Cover", configDir })).rejects.toThrow(
      "'Pet Cover' is not a valid slug",
    );
  });
});

// That docs/blocks.md is up to date is the gate's `npm run docs:check`, run before the unit tier.
describe("docs/blocks.md", () => {
  it("documents every block with its purpose, defaults and an example", () => {
    const text = fs.readFileSync(path.join(root, "docs/blocks.md"), "utf8");
    expect(text).toContain("## legal-document");
    // Prettier pads the table cells; compare with runs of spaces collapsed.
    expect(text.replace(/ +/g, " ")).toContain(
      "| `columns` | integer | | `3` | from 2, to 3 | Cards per row on wide screens. |",
    );
    expect(text).toContain('"type": "industry-hero"');
  });
});
