import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type CompletionList,
  type Diagnostic,
  type MarkupContent,
  TextDocument,
  getLanguageService,
} from "vscode-json-languageservice";
import { listPageFiles } from "../../contract/content.server.ts";
import { blockFolders } from "../../contract/schemas.server.ts";

/**
 * The page schema as VS Code reads it: vscode-json-languageservice is the JSON service VS Code runs. Pages name their
 * schema with `$schema`, and .vscode/settings.json maps site-config/pages/ to it; here every document is given the
 * page schema the same way.
 */
const root = path.resolve(import.meta.dirname, "../..");
const pageSchema = pathToFileURL(path.join(root, "schemas/page.schema.json")).href;
const service = getLanguageService({
  schemaRequestService: async (uri) => fs.readFileSync(fileURLToPath(uri), "utf8"),
  workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
});
service.configure({ validate: true, allowComments: false, schemas: [{ uri: pageSchema, fileMatch: ["*.json"] }] });

const types = blockFolders(root);

interface BlockSchema {
  properties: Record<string, { description?: string }>;
  examples: Record<string, unknown>[];
}
/** A block type's own schema: the fields these tests type and hover are read from it, so a renamed field moves them. */
const blockSchema = (type: string) =>
  JSON.parse(fs.readFileSync(path.join(root, "blocks", type, "schema.json"), "utf8")) as BlockSchema;
const fieldsOf = (type: string) => Object.keys(blockSchema(type).properties).filter((key) => key !== "type");
let documents = 0;

/** A page document whose text holds one `|`, the cursor. */
function open(text: string) {
  const offset = text.indexOf("|");
  const document = TextDocument.create(
    pathToFileURL(path.join(root, `site-config/pages/editor-${++documents}.json`)).href,
    "json",
    1,
    text.replace("|", ""),
  );
  return { document, json: service.parseJSONDocument(document), position: document.positionAt(offset) };
}

const page = (block: string) =>
  `{ "$schema": "../../schemas/page.schema.json", "path": "/x", "title": "A page", "description": "One or two sentences for search results.", "blocks": [ ${block} ] }`;

async function complete(text: string): Promise<CompletionList> {
  const { document, json, position } = open(text);
  return (await service.doComplete(document, position, json)) ?? { isIncomplete: false, items: [] };
}

async function diagnostics(text: string, uri?: string): Promise<Diagnostic[]> {
  const file = pathToFileURL(path.join(root, `site-config/pages/editor-${++documents}.json`)).href;
  const document = TextDocument.create(uri ?? file, "json", 1, text);
  return service.doValidation(document, service.parseJSONDocument(document));
}

const documentation = (doc: string | MarkupContent | undefined) => (typeof doc === "string" ? doc : doc?.value);

describe("VS Code's JSON service on a page document", () => {
  it('offers every block type and a shared section, with their descriptions, at `"type": "|"`', async () => {
    const { items } = await complete(page(`{ "type": "|" }`));
    expect(items.map((item) => JSON.parse(item.label) as string).sort()).toEqual([...types, "section"].sort());
    const hero = items.find((item) => item.label === '"hero"');
    expect(documentation(hero?.documentation)).toContain("The opening banner");
    const section = items.find((item) => item.label === '"section"');
    expect(documentation(section?.documentation)).toContain("Places a shared section of site-config/sections/");
  });

  it("offers a shared section's reference its fields", async () => {
    const { items } = await complete(page(`{ "type": "section", | }`));
    expect(items.map((item) => item.label)).toEqual(expect.arrayContaining(["section", "overrides"]));
  });

  it("offers the chosen type's fields inside a block", async () => {
    const { items } = await complete(page(`{ "type": "hero", | }`));
    const labels = items.map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(fieldsOf("hero")));
    const another = fieldsOf("stats").find((field) => !fieldsOf("hero").includes(field))!;
    expect(labels).not.toContain(another);
  });

  it("shows a field's description on hover", async () => {
    const [field, { description }] = Object.entries(blockSchema("stats").properties).find(
      ([key, property]) => key !== "type" && property.description,
    )!;
    const { document, json, position } = open(page(`{ "type": "stats", "${field.slice(0, 1)}|${field.slice(1)}": 1 }`));
    const hover = await service.doHover(document, position, json);
    expect(JSON.stringify(hover?.contents)).toContain(/^[\w ]+/.exec(description!)![0]);
  });

  it("underlines a misspelt field, and only it", async () => {
    // The checklist's own first example, which its schema accepts, with one misspelt field.
    const text = page(JSON.stringify({ ...blockSchema("checklist").examples[0], colums: 2 }));
    const found = await diagnostics(text);
    expect(found).toHaveLength(1);
    const start = text.indexOf('"colums"');
    expect(found[0].range.start.character).toBe(start);
    expect(found[0].range.end.character).toBe(start + '"colums"'.length);
  });

  it("finds no problem in any page of the site", async () => {
    for (const file of listPageFiles()) {
      const found = await diagnostics(fs.readFileSync(file, "utf8"), pathToFileURL(file).href);
      expect(found.map((d) => `${path.relative(root, file)}:${d.range.start.line + 1} ${d.message}`)).toEqual([]);
    }
  });
});
