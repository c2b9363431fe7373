// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { olderBlock } from "../contract/block-versions.server.ts";
import { CatalogueError } from "../contract/errors.ts";
import { type Validators, createValidators } from "../contract/schemas.server.ts";
import { copyProject } from "./support/editor/test-project.ts";
import { type ContentDocument, type Migration, contentDocuments, migrateDocuments } from "../toolchain/migrate.ts";
import { scaffoldMigration } from "../toolchain/scaffold-migration.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";

/**
 * A copy of the project where the 'stats' block has had one change: each figure's `value` is now `figure`
 * (migration 002-value-to-figure), with the content left as it was, in the older shape.
 */
const project = copyProject();
afterAll(project.remove);
let validators: Validators;

const renameValue: Migration = {
  description: "Each figure's `value` is now `figure`.",
  up: ((block: { stats: { value: number }[] }) => ({
    ...block,
    stats: block.stats.map(({ value, ...stat }) => ({ ...stat, figure: value })),
  })) as Migration["up"],
};

beforeAll(async () => {
  await scaffoldMigration({ type: "stats", name: "value-to-figure", projectDir: project.dir });
  const file = path.join(project.dir, "blocks/stats/schema.json");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replaceAll('"value"', '"figure"'));
  validators = createValidators(project.dir);
});

const home = () => fs.readFileSync(path.join(project.dir, "site-config/pages/home.json"), "utf8");
const homeDocument = (text = home()): ContentDocument => ({
  file: "site-config/pages/home.json",
  text,
  schema: "schemas/page.schema.json",
});
const prettierConfig = (await prettier.resolveConfig(path.resolve(import.meta.dirname, "../package.json"))) ?? {};
const migrate = (documents: ContentDocument[], migration: Migration = renameValue) =>
  migrateDocuments(documents, {
    validators,
    load: async () => migration,
    prettierOptions: (file) => ({ ...prettierConfig, filepath: path.join(project.dir, file) }),
  });

const v1 = { type: "stats", stats: [{ value: 70, suffix: "%", label: "Resolution" }] };
const v2 = { type: "stats", stats: [{ figure: 70, suffix: "%", label: "Resolution" }] };

describe("telling a block's version from its shape", () => {
  it("finds a block of version 1 and the migration it needs", () => {
    expect(olderBlock(validators, v1)).toMatchObject({ type: "stats", version: 1, latest: 2 });
    expect(olderBlock(validators, v1)?.pending.map((step) => step.name)).toEqual(["value-to-figure"]);
  });

  it("leaves a block of the latest version, an invalid block, and a block without history alone", () => {
    expect(olderBlock(validators, v2)).toBeUndefined();
    expect(olderBlock(validators, { type: "stats", stats: [{ label: "No figure" }] })).toBeUndefined();
    expect(olderBlock(validators, { type: "call-to-action" })).toBeUndefined();
  });

  it("validates the block as the file holds it, not with the new shape's defaults filled in", () => {
    const block = structuredClone(v1);
    olderBlock(validators, block);
    expect(block).toEqual(v1);
  });

  it("makes validate answer one MIG001 per older block instead of the schema's errors", () => {
    const { problems } = validateConfig({
      configDir: path.join(project.dir, "site-config"),
      publicDir: path.join(project.dir, "public"),
      validators,
    });
    const onHome = problems.filter((p) => p.file === "site-config/pages/home.json").map(formatProblem);
    expect(onHome).toEqual([
      "site-config/pages/home.json:114:5  /blocks/4  MIG001 `/blocks/4` is a 'stats' block of version 1; the site is at version 2 (value-to-figure): run `npm run migrate`",
    ]);
    expect(problems.every((p) => p.code === "MIG001")).toBe(true);
  });
});

describe("the runner, on documents in memory", () => {
  it("renames the field in place: one changed line per figure, keys where the schema puts them", async () => {
    const [migrated] = await migrate([homeDocument()]);
    expect(migrated.changes).toEqual([
      { pointer: "/blocks/4", type: "stats", from: 1, to: 2, names: ["value-to-figure"] },
    ]);
    const before = migrated.before.split("\n");
    const after = migrated.after.split("\n");
    expect(after.length).toBe(before.length);
    const changed = after.flatMap((line, i) => (line === before[i] ? [] : [[before[i].trim(), line.trim()]]));
    expect(changed).toEqual([
      ['"value": 70,', '"figure": 70,'],
      ['"value": 4.8,', '"figure": 4.8,'],
      ['"value": 40,', '"figure": 40,'],
    ]);
  });

  it("changes nothing the second time", async () => {
    const [migrated] = await migrate([homeDocument()]);
    expect(await migrate([homeDocument(migrated.after)])).toEqual([]);
  });

  it("stops on a migration that throws, naming the file, the block and the migration", async () => {
    const throwing: Migration = {
      description: "",
      up: () => {
        throw new Error("no figure to read");
      },
    };
    const error = await migrate([homeDocument()], throwing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).code).toBe("MIG002");
    expect((error as CatalogueError).message).toBe(
      "site-config/pages/home.json /blocks/4: migration stats/002-value-to-figure threw: no figure to read — nothing was written",
    );
  });

  it("stops on a migration whose block the schema refuses", async () => {
    const invalid: Migration = {
      description: "",
      up: ((block: never) => ({ ...(renameValue.up(block) as object), colour: "red" })) as never,
    };
    const error = (await migrate([homeDocument()], invalid).catch((e: unknown) => e)) as CatalogueError;
    expect(error.code).toBe("MIG003");
    expect(error.message).toBe(
      "site-config/pages/home.json /blocks/4: migration stats/002-value-to-figure produced a block its schema refuses (/ must NOT have additional properties 'colour') — nothing was written",
    );
  });

  it("removes a block, and stops when a link points at it", async () => {
    const remove: Migration = { description: "", up: () => null };
    const [removed] = await migrate([homeDocument()], remove);
    expect(JSON.parse(removed.after).blocks.some((b: { id?: string }) => b.id === "results")).toBe(false);
    const linking: ContentDocument = {
      file: "site-config/pages/linking.json",
      schema: "schemas/page.schema.json",
      text: JSON.stringify({
        path: "/linking",
        title: "A page that links to the results",
        description: "It points at the home page's figures.",
        blocks: [{ type: "call-to-action", primary: { label: "See the results", href: "/#results" } }],
      }),
    };
    const error = (await migrate([homeDocument(), linking], remove).catch((e: unknown) => e)) as CatalogueError;
    expect(error.code).toBe("MIG004");
    expect(error.message).toBe(
      "site-config/pages/linking.json /blocks/0/primary/href: the link '/#results' points at a block that migration stats/002-value-to-figure removes — nothing was written",
    );
  });
});

describe("blocks inside shared sections", () => {
  it.each([
    ["the source's", "site-config/sections/results-band.json", "../../schemas/section.schema.json"],
    [
      "a locale's own",
      "site-config/locales/de-DE/sections/results-band.json",
      "../../../../schemas/section.schema.json",
    ],
  ])(
    "in %s version are named by validate and migrated in the section's file, where they are written",
    async (_, name, schema) => {
      const configDir = path.join(project.dir, "site-config");
      const source = path.join(configDir, "sections/results-band.json");
      const file = path.join(project.dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const section = { $schema: schema, name: "Results band", blocks: [v1] };
      // A locale's version is of a section the source holds.
      if (file !== source)
        fs.writeFileSync(
          source,
          `${JSON.stringify({ ...section, $schema: "../../schemas/section.schema.json", blocks: [] }, null, 2)}\n`,
        );
      fs.writeFileSync(file, `${JSON.stringify(section, null, 2)}\n`);
      try {
        const { problems } = validateConfig({ configDir, publicDir: path.join(project.dir, "public"), validators });
        expect(problems.filter((p) => p.file === name).map(formatProblem)).toEqual([
          `${name}:5:5  /blocks/0  MIG001 \`/blocks/0\` is a 'stats' block of version 1; the site is at version 2 (value-to-figure): run \`npm run migrate\``,
        ]);
        const document = contentDocuments(configDir, project.dir).find((d) => d.file === name)!;
        expect(document.schema).toBe("schemas/section.schema.json");
        const [migrated] = await migrate([document]);
        expect(migrated.file).toBe(name);
        expect(JSON.parse(migrated.after)).toEqual({ ...section, blocks: [v2] });
      } finally {
        fs.rmSync(file);
        fs.rmSync(source, { force: true });
      }
    },
  );
});

describe("the page templates of npm run new:page", () => {
  it("are content: their blocks are migrated with the pages', placeholders kept", async () => {
    const file = path.join(project.dir, "toolchain/templates/results.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const template = {
      $schema: "../../schemas/page.schema.json",
      path: "/{{slug}}",
      title: "{{name}}",
      blocks: [
        { ...v1, heading: "{{name}} in figures" },
        { type: "section", section: "closing" },
      ],
    };
    fs.writeFileSync(file, `${JSON.stringify(template, null, 2)}\n`);
    try {
      const document = contentDocuments(path.join(project.dir, "site-config"), project.dir).find(
        (d) => d.file === "toolchain/templates/results.json",
      )!;
      expect(document.schema).toBe("schemas/page.schema.json");
      const [migrated] = await migrate([document]);
      expect(migrated!.changes.map(({ pointer, type }) => `${pointer} ${type}`)).toEqual(["/blocks/0 stats"]);
      expect(JSON.parse(migrated!.after)).toEqual({
        ...template,
        blocks: [{ ...v2, heading: "{{name}} in figures" }, template.blocks[1]],
      });
    } finally {
      fs.rmSync(path.join(project.dir, "toolchain"), { recursive: true, force: true });
    }
  });
});
