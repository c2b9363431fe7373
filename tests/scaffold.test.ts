import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { messageOf as catalogueMessage, scaffoldErrors } from "../contract/errors.ts";
import { duplicatePage, inSentence, scaffoldPage } from "../toolchain/scaffold.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "scaffold-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let copies = 0;
function copyConfig() {
  const configDir = path.join(scratch, `copy-${++copies}`, "site-config");
  fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
  return configDir;
}

const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

describe("new:page scaffold", () => {
  it.each([
    [
      "industry",
      "marine-insurance",
      "Marine Insurance",
      "pages/industries/marine-insurance.json",
      "/industries/marine-insurance",
      "../../../schemas/page.schema.json",
    ],
    ["blank", "careers", "Careers", "pages/careers.json", "/careers", "../../schemas/page.schema.json"],
  ])("writes a valid %s page with its $schema", async (template, slug, name, file, pagePath, schema) => {
    const configDir = copyConfig();
    const result = await scaffoldPage({ template, slug, name, configDir });
    expect(result).toEqual({ file: path.join(configDir, file), pagePath });
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
      slug: "travel-insurance",
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

  it("keeps acronyms in capitals inside sentences", () => {
    expect(inSentence("UK Motor Insurance")).toBe("UK motor insurance");
    expect(inSentence("Pet insurance")).toBe("pet insurance");
  });

  it("refuses a file that exists, and leaves it untouched", async () => {
    const configDir = copyConfig();
    const file = path.join(configDir, "pages/industries/pet-insurance.json");
    const before = fs.readFileSync(file, "utf8");
    await expect(
      scaffoldPage({ template: "industry", slug: "pet-insurance", name: "Pet Insurance", configDir }),
    ).rejects.toThrow(
      catalogueMessage(scaffoldErrors.fileExists, { file: "site-config/pages/industries/pet-insurance.json" }),
    );
    expect(fs.readFileSync(file, "utf8")).toBe(before);
  });

  it("refuses an address another page already uses", async () => {
    const configDir = copyConfig();
    fs.renameSync(path.join(configDir, "pages/about.json"), path.join(configDir, "pages/about-us.json"));
    await expect(scaffoldPage({ template: "blank", slug: "about", name: "About", configDir })).rejects.toThrow(
      catalogueMessage(scaffoldErrors.pathUsed, { path: "/about", file: "site-config/pages/about-us.json" }),
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
    const source = path.join(configDir, "pages/industries/pet-insurance.json");
    const result = await duplicatePage({ source, slug: "pet-cover", configDir });
    expect(result).toEqual({
      file: path.join(configDir, "pages/industries/pet-cover.json"),
      pagePath: "/industries/pet-cover",
    });
    const original = JSON.parse(fs.readFileSync(source, "utf8")) as object;
    expect(JSON.parse(fs.readFileSync(result.file, "utf8"))).toEqual({ ...original, path: "/industries/pet-cover" });
    const home = await duplicatePage({ source: path.join(configDir, "pages/home.json"), slug: "home-b", configDir });
    expect(home.pagePath).toBe("/home-b");
    expect(validateConfig({ configDir, publicDir: path.join(root, "public") }).problems.map(formatProblem)).toEqual([]);
  });

  it("refuses to duplicate onto a file or an address that is taken, or with a bad slug", async () => {
    const configDir = copyConfig();
    const source = path.join(configDir, "pages/industries/pet-insurance.json");
    const dental = path.join(configDir, "pages/industries/dental-insurance.json");
    await expect(duplicatePage({ source, slug: "dental-insurance", configDir })).rejects.toThrow(
      catalogueMessage(scaffoldErrors.fileExists, { file: "site-config/pages/industries/dental-insurance.json" }),
    );
    fs.renameSync(dental, path.join(configDir, "pages/dental.json"));
    await expect(duplicatePage({ source, slug: "dental-insurance", configDir })).rejects.toThrow(
      catalogueMessage(scaffoldErrors.pathUsed, {
        path: "/industries/dental-insurance",
        file: "site-config/pages/dental.json",
      }),
    );
    await expect(duplicatePage({ source, slug: "Pet Cover", configDir })).rejects.toThrow(
      "'Pet Cover' is not a valid slug",
    );
  });

  it("works from the command line, and says what to do next", () => {
    const configDir = copyConfig();
    const env = { SITE_CONFIG_DIR: configDir };
    const args = ["--template", "industry", "--slug", "marine-insurance", "--name", "Marine Insurance"];
    const created = run("new-page.ts", args, env);
    expect(created.status).toBe(0);
    expect(created.stdout.split("\n")[0]).toBe(
      `✔ created ${path.relative(root, path.join(configDir, "pages/industries/marine-insurance.json"))} (page /industries/marine-insurance) from the 'industry' template; it is valid.`,
    );
    expect(created.stdout).toContain("npm run dev, then open http://localhost:5173/industries/marine-insurance");
    const again = run("new-page.ts", args, env);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/✖ NEW004 site-config\/pages\/industries\/marine-insurance\.json already exists\n/);
  });

  it("asks for the missing answers, or says how to give them when there is no terminal", () => {
    const result = run("new-page.ts", ["--template", "industry"], { SITE_CONFIG_DIR: copyConfig() });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "✖ NEW006 --template, --slug and --name are all needed when not run in a terminal.",
    );
  });
});

describe("docs/blocks.md", () => {
  it("is up to date with the block folders (npm run docs:check)", () => {
    const result = run("generate-docs.ts", ["--check"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("fails the check when stale, naming the fix", () => {
    const stale = path.join(scratch, "blocks.md");
    fs.writeFileSync(stale, "# Block reference\n");
    const result = run("generate-docs.ts", ["--check", "--out", stale]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("✖ GEN001 ");
    expect(result.stderr).toContain("is out of date — run `npm run gen && npm run docs` and commit the result");
  });

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
