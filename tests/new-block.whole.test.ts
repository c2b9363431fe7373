import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "new-block-"));
const copy = path.join(scratch, "project");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Runs a module of the copy (a script, or a package's command), in the copy, as npm would. */
const runModule = (module: string, args: string[] = []) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(copy, module), ...args], {
    cwd: copy,
    env: {
      ...process.env,
      SITE_CONFIG_DIR: path.join(copy, "site-config"),
      PROJECT_DIR: copy,
      BUILD_DIR: path.join(copy, "build"),
      PRERENDER_ONLY: "/faq",
      PREVIEW_CARDS: "off",
    },
    encoding: "utf8",
  });

const run = (script: string, args: string[] = []) => runModule(path.join("scripts", script), args);
const reactRouter = (args: string[]) => runModule("node_modules/@react-router/dev/bin.js", args);

/** tsconfig.json's `tsBuildInfoFile`: where tsc keeps what it checked, for its next run to re-check only what changed. */
const BUILD_INFO = ".cache/tsconfig.tsbuildinfo";

/**
 * Starts the copy's type-checks from the project's incremental state, when it has one (`npm run lint` and `npm run typecheck` leave it), with its
 * paths into node_modules rewritten to where the copy's link resolves: tsc then re-checks the files that differ and
 * those depending on them, instead of all of them. It compares every file's content, so a state that does not match
 * costs time, never a missed error.
 */
function seedTypeCheck() {
  const info = path.join(root, BUILD_INFO);
  if (!fs.existsSync(info)) return;
  const modules = path.relative(
    path.join(copy, path.dirname(BUILD_INFO)),
    fs.realpathSync(path.join(root, "node_modules")),
  );
  fs.mkdirSync(path.join(copy, path.dirname(BUILD_INFO)), { recursive: true });
  fs.writeFileSync(
    path.join(copy, BUILD_INFO),
    fs.readFileSync(info, "utf8").replaceAll('"../node_modules/', `"${modules}/`),
  );
}

const read = (file: string) => fs.readFileSync(path.join(copy, file), "utf8");

/** The copy's own Vitest on the new block's folder, as a developer runs it. */
const testFaqFolder = () =>
  spawnSync(process.execPath, [path.join(copy, "node_modules/vitest/vitest.mjs"), "run", "blocks/faq"], {
    cwd: copy,
    encoding: "utf8",
  });

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
  let listing = "";

  beforeAll(() => {
    fs.cpSync(root, copy, {
      recursive: true,
      filter: (src) => !/[/\\](node_modules|\.git|\.cache|build|coverage|\.react-router)$/.test(src),
    });
    fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
    seedTypeCheck();
    before = handWritten(copy);
    const created = run("new-block.ts", ["--type", "faq"]);
    expect(created.stderr.replace(/npm warn.*\n/g, "")).not.toMatch(/✖/);
    expect(created.status).toBe(0);
    listing = created.stdout;
  }, 120_000);

  it("lists every file it wrote or changed, and where the label it chose is changed", () => {
    const lines = listing.split("\n");
    expect(lines[0]).toBe(
      "✔ created block type 'faq', labelled 'Faq' (its type's words; change the label in blocks/faq/block.ts):",
    );
    for (const file of ["schema.json", "block.ts", "Faq.tsx", "Faq.test.tsx"])
      expect(lines).toContain(`  new      blocks/faq/${file}`);
    for (const file of ["docs/blocks.md", "schemas/block.schema.json", "contract/generated/schema-types.ts"])
      expect(lines).toContain(`  updated  ${file}`);
    expect(lines).toContain(
      "git status lists the files to commit. Deleting the folder (then npm run gen) removes the type everywhere.",
    );
  });

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
    const tested = testFaqFolder();
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

  it("type-checks, and ships its markup on the page that uses it and nowhere else", () => {
    const text = "Answers written for the faq block alone.";
    fs.writeFileSync(
      path.join(copy, "site-config/pages/faq.json"),
      page([{ type: "faq", heading: "Questions", text }]),
    );
    expect(reactRouter(["typegen"]).status, "React Router's route types").toBe(0);
    const typed = spawnSync(process.execPath, [path.join(copy, "node_modules/typescript/bin/tsc"), "-p", copy], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(typed.stdout + typed.stderr, "the copy type-checks").toBe("");
    const built = reactRouter(["build"]);
    // PRERENDER_ONLY keeps the build to the new page (and the home page, which the server needs).
    expect(built.status, built.stderr.slice(-2000)).toBe(0);
    const html = (file: string) => fs.readFileSync(path.join(copy, "build/client", file), "utf8");
    expect(html("faq/index.html")).toContain(text);
    expect(html("index.html")).not.toContain(text);
    // A block that does not move is HTML and CSS only: the build makes its component a chunk (any block may become an
    // island), but no page loads it, and no file sent to browsers carries the page's content.
    const assets = fs.readdirSync(path.join(copy, "build/client/assets"));
    const chunk = assets.find((file) => /^Faq-.*\.js$/.test(file));
    expect(chunk).toBeDefined();
    expect(html("faq/index.html")).not.toContain(chunk);
    expect(html("index.html")).not.toContain(chunk);
    for (const file of assets)
      expect(fs.readFileSync(path.join(copy, "build/client/assets", file), "utf8")).not.toContain(text);
    fs.rmSync(path.join(copy, "site-config/pages/faq.json"));
  }, 300_000);

  it("keeps its promises when a required field is added as the README says: npm run gen, then the type-check, docs:check and its own test pass", () => {
    const schemaFile = path.join(copy, "blocks/faq/schema.json");
    const schema = JSON.parse(read("blocks/faq/schema.json")) as {
      required: string[];
      properties: Record<string, unknown>;
      examples: Record<string, unknown>[];
    };
    schema.required.push("items");
    schema.properties.items = {
      description: "The questions and their answers, in the order shown.",
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["question", "answer"],
        properties: {
          question: { description: "The question, as a buyer asks it.", type: "string", minLength: 1, maxLength: 120 },
          answer: { description: "The answer, in one or two sentences.", type: "string", minLength: 1, maxLength: 400 },
        },
      },
    };
    schema.examples[0].items = [{ question: "Who runs the agents?", answer: "We do: deployed, monitored and tuned." }];
    fs.writeFileSync(schemaFile, JSON.stringify(schema, null, 2));

    const gen = spawnSync("npm", ["run", "gen", "--silent"], { cwd: copy, encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    expect(read("docs/blocks.md")).toContain("The questions and their answers, in the order shown.");
    const docsCheck = spawnSync("npm", ["run", "docs:check", "--silent"], { cwd: copy, encoding: "utf8" });
    expect(docsCheck.stderr).toBe("");
    expect(docsCheck.status).toBe(0);
    const typed = spawnSync(process.execPath, [path.join(copy, "node_modules/typescript/bin/tsc"), "-p", copy], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(typed.stdout + typed.stderr, "the copy type-checks").toBe("");
    const tested = testFaqFolder();
    expect(tested.stdout + tested.stderr).toContain("1 passed");
  }, 600_000);

  it.each([
    ["schema.json", "blocks/faq/ has no schema.json"],
    ["block.ts", "blocks/faq/ has no block.ts"],
    ["Faq.tsx", "blocks/faq/ has no Faq.tsx"],
  ])(
    "refuses to generate when the folder has no %s (GEN002)",
    async (part, message) => {
      const kept = path.join(scratch, part);
      fs.renameSync(path.join(copy, "blocks/faq", part), kept);
      const generated = run("generate.ts");
      fs.renameSync(kept, path.join(copy, "blocks/faq", part));
      expect(generated.status).toBe(1);
      expect(generated.stderr).toContain(`✖ GEN002 ${message}`);
    },
    120_000,
  );

  it("disappears everywhere when its folder is deleted", () => {
    fs.rmSync(path.join(copy, "blocks/faq"), { recursive: true });
    expect(run("generate.ts").status).toBe(0);
    expect(run("generate-docs.ts").status).toBe(0);
    expect(read("schemas/block.schema.json")).not.toContain("faq");
    expect(read("docs/blocks.md")).not.toContain("## faq");
    expect(read("renderer/generated/block-components.ts")).not.toContain("faq");
  }, 120_000);
});
