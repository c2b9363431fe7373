// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { describe, expect, it } from "vitest";
import { listPageFiles } from "../contract/content.server.ts";
import { CONFIG_DIR, ROOT } from "./paths.ts";
import { readSchemas } from "../contract/schemas.server.ts";
import { writeChanges } from "./save.ts";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { changedLines } from "../tests/support/editor/test-project.ts";

const schemas = Object.fromEntries(readSchemas().map(({ name, schema }) => [name, schema])) as SchemaFiles;
const prettierConfig = (await prettier.resolveConfig(path.join(ROOT, "package.json"))) ?? {};
const PET = path.join(CONFIG_DIR, "pages/industries/pet-insurance.json");

type Page = { blocks: Record<string, unknown>[] } & Record<string, unknown>;

const rootOf = (file: string) => (file.endsWith("site.json") ? "schemas/site.schema.json" : "schemas/page.schema.json");

const write = (file: string, text: string, value: unknown) =>
  writeChanges({
    text,
    value,
    schemas,
    root: { file: rootOf(file), schema: schemas[rootOf(file)] },
    prettierOptions: { ...prettierConfig, filepath: file },
  });

describe("writeChanges", () => {
  it("writes every page and site.json back byte for byte when nothing changed", async () => {
    for (const file of [...listPageFiles(), path.join(CONFIG_DIR, "site.json")]) {
      const text = fs.readFileSync(file, "utf8");
      expect(await write(file, text, JSON.parse(text)), file).toBe(text);
    }
  });

  it("turns one edited heading into a one-line diff", async () => {
    const text = fs.readFileSync(PET, "utf8");
    const page = JSON.parse(text) as Page;
    page.blocks[0].heading = "Calm, caring support when a dog needs help";
    const out = await write(PET, text, page);
    expect(changedLines(text, out)).toEqual([
      {
        line: 19,
        before: '      "heading": "Calm, caring support when a pet needs help",',
        after: '      "heading": "Calm, caring support when a dog needs help",',
      },
    ]);
  });

  it("puts an added field where the schema puts it: 'type' first, then schema order", async () => {
    const text = fs.readFileSync(PET, "utf8");
    const page = JSON.parse(text) as Page;
    page.blocks[0] = { ...page.blocks[0], id: "top" };
    const out = await write(PET, text, page);
    const block = (JSON.parse(out) as Page).blocks[0];
    expect(Object.keys(block).slice(0, 3)).toEqual(["type", "id", "badge"]);
    expect(changedLines(text, out).filter((l) => l.after.includes('"id": "top"'))).toHaveLength(1);
  });

  it("orders an inserted block's keys by its schema and leaves the other blocks' lines alone", async () => {
    const text = fs.readFileSync(PET, "utf8");
    const page = JSON.parse(text) as Page;
    page.blocks.splice(1, 0, { stats: [{ value: 70, label: "Resolution" }], heading: "Figures", type: "stats" });
    const out = await write(PET, text, page);
    const inserted = (JSON.parse(out) as Page).blocks[1];
    expect(Object.keys(inserted)).toEqual(["type", "heading", "stats"]);
    const added = out.split("\n").length - text.split("\n").length;
    const unchanged = text.split("\n").filter((line) => out.split("\n").includes(line)).length;
    expect(unchanged).toBe(text.split("\n").length);
    expect(added).toBeGreaterThan(0);
  });

  it("moves a block by moving its lines, each kept as it was written", async () => {
    const text = fs.readFileSync(PET, "utf8");
    const page = JSON.parse(text) as Page;
    const [moved] = page.blocks.splice(2, 1);
    page.blocks.splice(1, 0, moved);
    const out = await write(PET, text, page);
    expect(JSON.parse(out)).toEqual(page);
    const sorted = (s: string) =>
      s
        .split("\n")
        .map((line) => line.replace(/,$/, ""))
        .sort();
    expect(sorted(out)).toEqual(sorted(text));
  });

  it("removes a deleted optional field and nothing else", async () => {
    const text = fs.readFileSync(PET, "utf8");
    const page = JSON.parse(text) as Page;
    delete (page.nav as Record<string, unknown>).featured;
    const out = await write(PET, text, page);
    expect(text.split("\n").length - out.split("\n").length).toBe(1);
    expect(out).not.toContain('"featured"');
  });
});
