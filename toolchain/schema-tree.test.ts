// @vitest-environment node
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import path from "node:path";
import { CONFIG_DIR, listPageFiles } from "../contract/content.server.ts";
import type { SchemaFiles } from "../contract/schema-tree.ts";
import { projectValidators, readSchemas } from "../contract/schemas.server.ts";
import { readBlockFolders } from "./block-folders.ts";
import { blockMetas } from "../editor/block-meta.ts";
import { contentFiller } from "../editor/app/defaults.ts";

const schemas = Object.fromEntries(readSchemas().map(({ name, schema }) => [name, schema])) as SchemaFiles;
const validators = projectValidators();
const fill = contentFiller(schemas);
const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;

/** What the site's loader hands its components: the document after ajv's validation, which fills in the defaults. */
function loaded(value: Record<string, unknown>, validate: (value: unknown) => unknown) {
  const copy = structuredClone(value);
  validate(copy);
  return copy;
}

describe("the preview's content, defaults filled in as the site's loader does", () => {
  it("matches the loader for every block of every page, and for site.json", () => {
    for (const file of listPageFiles()) {
      const page = read(file);
      const blocks = (page.blocks as unknown[]).map(fill.block);
      expect(blocks, file).toEqual(loaded(page, validators.page).blocks);
    }
    const site = read(path.join(CONFIG_DIR, "site.json"));
    expect(fill.site(site)).toEqual(loaded(site, validators.site));
  });

  it("matches the loader for every block type's example, which the palette shows", async () => {
    for (const { type, example } of blockMetas(await readBlockFolders())) {
      const page = { path: "/example", title: "Example", description: "An example.", blocks: [example] };
      expect(fill.block(example), type).toEqual((loaded(page, validators.page).blocks as unknown[])[0]);
    }
  });

  it("fills a checklist item's icon, and keeps every object that needs nothing, so that it is not rendered again", () => {
    const items = [{ text: "Without an icon" }, { icon: "users", text: "With one" }];
    const block = { type: "checklist", heading: "Everything a claims team needs", items };
    const filled = fill.block(block) as { items: unknown[] };
    expect(filled.items[0]).toEqual({ icon: "check", text: "Without an icon" });
    expect(filled.items[1]).toBe(items[1]);
    expect(fill.block(block)).toBe(filled);
    expect(block.items[0]).toEqual({ text: "Without an icon" });
  });
});
