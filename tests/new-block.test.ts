import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogueError, scaffoldErrors } from "../contract/errors.ts";
import { scaffoldBlock } from "../scripts/lib/scaffold-block.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "new-block-"));
const copy = path.join(scratch, "project");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs a script of the copy, in the copy, as npm would. */
const run = (script: string, args: string[] = []) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(copy, "scripts", script), ...args], {
    cwd: copy,
    env: { ...process.env, SITE_CONFIG_DIR: path.join(copy, "site-config"), PROJECT_DIR: copy },
    encoding: "utf8",
  });

const read = (file: string) => fs.readFileSync(path.join(copy, file), "utf8");

/** Every file of the project that a person writes: not generated, not installed. */
function handWritten(dir: string): Map<string, string> {
  const generated = [
    "node_modules",
    ".git",
    ".cache",
    ".react-router",
    "build",
    "contract/generated",
    "renderer/generated",
    "schemas/block.schema.json",
    "docs/blocks.md",
  ];
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (generated.includes(child)) continue;
      if (entry.isDirectory()) walk(child);
      else out.set(child, fs.readFileSync(path.join(dir, child), "utf8"));
    }
  };
  walk("");
  return out;
}

const page = (blocks: unknown[]) =>
  JSON.stringify({
    $schema: "../../schemas/page.schema.json",
    path: "/faq",
    title: "Questions",
    description: "Answers to the questions buyers ask most often.",
    blocks: [...blocks, { type: "call-to-action" }],
  });

describe("npm run new:block -- --type faq, in a copy of the project", () => {
  let before: Map<string, string>;

  beforeAll(() => {
    fs.cpSync(root, copy, {
      recursive: true,
      filter: (src) => !/[/\\](node_modules|\.git|\.cache|build|coverage|\.react-router)$/.test(src),
    });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
    before = handWritten(copy);
    const created = run("new-block.ts", ["--type", "faq"]);
    expect(created.stderr.replace(/npm warn.*\n/g, "")).not.toMatch(/✖/);
    expect(created.status).toBe(0);
    expect(created.stdout).toContain("✔ created block type 'faq'");
  }, 120_000);

  it("writes one folder, and touches no other hand-written file", () => {
    expect(fs.readdirSync(path.join(copy, "blocks/faq")).sort()).toEqual([
      "Faq.test.tsx",
      "Faq.tsx",
      "block.ts",
      "schema.json",
    ]);
    const after = handWritten(copy);
    const changed = [...after.keys()].filter((file) => after.get(file) !== before.get(file));
    expect(changed.sort()).toEqual([
      "blocks/faq/Faq.test.tsx",
      "blocks/faq/Faq.tsx",
      "blocks/faq/block.ts",
      "blocks/faq/schema.json",
    ]);
  });

  it("is a block type that pages may use, with the validator's messages", () => {
    fs.writeFileSync(
      path.join(copy, "site-config/pages/faq.json"),
      page([{ type: "faq", heading: "Questions", text: "Answers." }]),
    );
    const valid = run("validate.ts");
    expect(valid.stdout).toContain("✔ site-config/ is valid");
    fs.writeFileSync(path.join(copy, "site-config/pages/faq.json"), page([{ type: "faqq", heading: "Questions" }]));
    const misspelt = run("validate.ts");
    expect(misspelt.status).toBe(1);
    expect(misspelt.stderr).toContain("/blocks/0/type  CFG002 unknown block type 'faqq' — did you mean 'faq'?");
    fs.rmSync(path.join(copy, "site-config/pages/faq.json"));
  }, 120_000);

  it("renders: its own test passes", () => {
    const tested = spawnSync(
      process.execPath,
      [path.join(copy, "node_modules/vitest/vitest.mjs"), "run", "blocks/faq"],
      {
        cwd: copy,
        encoding: "utf8",
      },
    );
    expect(tested.stdout + tested.stderr).toContain("1 passed");
    expect(tested.status).toBe(0);
  }, 120_000);

  it("appears in the reference, the catalogue, the union and the registry, in its own chunk", () => {
    expect(read("docs/blocks.md")).toContain("## faq");
    const catalogue = JSON.parse(read("renderer/generated/block-catalogue.json")) as { type: string }[];
    expect(catalogue.map((entry) => entry.type)).toContain("faq");
    expect(read("schemas/block.schema.json")).toContain('"$ref": "../blocks/faq/schema.json"');
    // A dynamic import: the block's code is a chunk of its own, loaded only where a page uses the block.
    expect(read("renderer/generated/block-components.ts")).toContain('"faq": () => import("../../blocks/faq/Faq.tsx")');
    // It does not move: prerendered HTML and CSS only, no island, no JavaScript on any page.
    expect(read("blocks/faq/block.ts")).not.toContain("hydrate");
  });

  it("disappears everywhere when its folder is deleted", () => {
    fs.rmSync(path.join(copy, "blocks/faq"), { recursive: true });
    expect(run("generate.ts").status).toBe(0);
    expect(run("generate-docs.ts").status).toBe(0);
    expect(read("schemas/block.schema.json")).not.toContain("faq");
    expect(read("docs/blocks.md")).not.toContain("## faq");
    expect(read("renderer/generated/block-components.ts")).not.toContain("faq");
  }, 120_000);
});

describe("new:block refuses", () => {
  it.each([
    ["FAQ", scaffoldErrors.badBlockType.code],
    ["hero", scaffoldErrors.blockTypeExists.code],
  ])("'%s' with %s", async (type, code) => {
    const error = await scaffoldBlock({ type, projectDir: root }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).code).toBe(code);
  });
});
