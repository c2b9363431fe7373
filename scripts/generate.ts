import fs from "node:fs";
import path from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import prettier from "prettier";
import { BLOCK_UNION_FILE, blockSchemas, readSchemas, type SchemaFile } from "../contract/schemas.server.ts";
import { readBlockHistories, readKeptSchemas } from "../contract/block-history.server.ts";
import { CatalogueError, catalogueError, generationErrors, generationLines } from "../contract/errors.ts";
import { catalogueEntries, readBlockFolders, type BlockFolder } from "../toolchain/block-folders.ts";
import { exitWith } from "../toolchain/fail.ts";
import { ROOT, relative } from "../toolchain/paths.ts";
import { print } from "../toolchain/print.ts";

/**
 * Everything that follows from the block folders (`blocks/<type>/`: schema.json, block.ts, the component) and the
 * shared schemas, rebuilt before dev, build, test and type-check:
 * - schemas/block.schema.json, the union of the block types that the page schema refers to. Committed, since editors
 *   read it without a build; `--check` fails when it is out of date (CI);
 * - contract/generated/: the TypeScript types of every schema, the block versions and the preview cards' headline types;
 * - renderer/generated/: the registry's tables (components, manifests, DOM enhancements) and the catalogue's data.
 */
const check = process.argv.includes("--check");
const folders = await readBlockFolders().catch((error: unknown) => {
  if (error instanceof CatalogueError) exitWith(error);
  throw error;
});

/**
 * A page's list also holds shared sections, placed by reference (`"type": "section"`, docs/sections.md): the union
 * offers it after the block types, with the reference's schema from schemas/section.schema.json. It is no block type
 * (no folder, no component): content is loaded with every reference replaced by the section's blocks.
 */
const SECTION_TYPE = {
  type: "section",
  label: "Shared section",
  description: "Places a shared section of site-config/sections/ by its id: its blocks, edited once for every page.",
  schema: "section.schema.json#/$defs/sectionReference",
};

/**
 * The block union as editors and the validator read it: `type` lists every block type with its one-line description
 * (VS Code offers them as you type), and each type's schema applies when `type` names it. A plain `oneOf` would be
 * shorter, but VS Code's JSON service then offers the fields of one branch only.
 */
function blockUnion(blocks: BlockFolder[]): JSONSchema {
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $comment: "Generated from the block folders by scripts/generate.ts (npm run gen). Do not edit.",
    title: "Block",
    description: "One block of a page. 'type' picks the kind of block; the other fields depend on it.",
    type: "object",
    required: ["type"],
    properties: {
      type: {
        description: "The kind of block. Every block type is listed in docs/blocks.md.",
        type: "string",
        enum: [...blocks.map((block) => block.type), SECTION_TYPE.type],
        enumDescriptions: [
          ...blocks.map((block) => `${block.manifest.label}: ${block.manifest.description}`),
          `${SECTION_TYPE.label}: ${SECTION_TYPE.description}`,
        ],
        markdownEnumDescriptions: [
          ...blocks.map((block) => `**${block.manifest.label}**: ${block.manifest.description}`),
          `**${SECTION_TYPE.label}**: ${SECTION_TYPE.description}`,
        ],
      },
    },
    allOf: [
      ...blocks.map((block) => ({
        if: { required: ["type"], properties: { type: { const: block.type } } },
        then: { $ref: `../blocks/${block.type}/schema.json` },
      })),
      {
        if: { required: ["type"], properties: { type: { const: SECTION_TYPE.type } } },
        then: { $ref: SECTION_TYPE.schema },
      },
    ],
  } as JSONSchema;
}

async function writeOrCheck(file: string, text: string) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (current === text) return;
  if (check) exitWith(catalogueError(generationErrors.outOfDate, { file: relative(file) }));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const unionFile = path.join(ROOT, BLOCK_UNION_FILE);
await writeOrCheck(
  unionFile,
  await prettier.format(JSON.stringify(blockUnion(folders)), {
    ...(await prettier.resolveConfig(unionFile)),
    filepath: unionFile,
  }),
);
if (check) {
  print(generationLines.unionUpToDate, { union: BLOCK_UNION_FILE });
  process.exit(0);
}

/**
 * One self-contained schema for the type generator: every file becomes a definition and every `$ref` points inside.
 * The block union is a plain `oneOf` (the generator does not read `if`/`then`); a shared section's reference is in the
 * authored union only, since the code receives content with every section expanded into its blocks. The `complete` types, which the code
 * uses, make a property with a `default` required, since content is validated with its defaults filled in where it is
 * loaded; the authored types are what a file may hold (tests write blocks this way).
 */
function typeSchema(schemas: SchemaFile[], complete: boolean, roots: string[] = ROOT_SCHEMAS): JSONSchema {
  const keyOf = (name: string) => name.replace(/\.schema\.json$|\/schema\.json$/, "").replace(/[^a-z0-9]+/gi, "_");
  const rewrite = (value: unknown, name: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, name));
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") {
        const [file, fragment = ""] = child.split("#");
        const target = file ? path.posix.normalize(path.posix.join(path.posix.dirname(name), file)) : name;
        out.$ref = `#/definitions/${keyOf(target)}${fragment}`;
      } else if (key !== "examples") out[key] = rewrite(child, name);
    }
    const properties = out.properties as Record<string, { default?: unknown }> | undefined;
    if (properties && complete) {
      const defaulted = Object.keys(properties).filter((key) => properties[key]?.default !== undefined);
      if (defaulted.length) out.required = [...new Set([...((out.required as string[]) ?? []), ...defaulted])];
    }
    return out;
  };
  const definitions: Record<string, unknown> = {};
  for (const { name, schema } of schemas) {
    definitions[keyOf(name)] =
      name === BLOCK_UNION_FILE
        ? {
            title: "Block",
            oneOf: [
              ...folders.map((block) => ({ $ref: `#/definitions/${keyOf(`blocks/${block.type}/schema.json`)}` })),
              ...(complete
                ? []
                : [{ $ref: `#/definitions/${keyOf("schemas/section.schema.json")}/$defs/sectionReference` }]),
            ],
          }
        : rewrite(schema, name);
  }
  return {
    title: "SchemaRoot",
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(roots.map((name) => [keyOf(name), { $ref: `#/definitions/${keyOf(name)}` }])),
    definitions,
  } as JSONSchema;
}

const ROOT_SCHEMAS = ["site", "locale-site", "page", "section", "block", "lead", "redirects"].map(
  (key) => `schemas/${key}.schema.json`,
);
const schemas = readSchemas(ROOT);
const histories = readBlockHistories(ROOT);
const kept = readKeptSchemas(histories, ROOT);
const compileTypes = (complete: boolean, roots: string[] = ROOT_SCHEMAS, kind?: string) =>
  compile(typeSchema([...schemas, ...(roots === ROOT_SCHEMAS ? [] : kept)], complete, roots), "SchemaRoot", {
    additionalProperties: false,
    declareExternallyReferenced: true,
    format: true,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: false,
    bannerComment: `/* ${
      kind ??
      (complete
        ? "Content as the code receives it: validated, every schema default filled in."
        : "Content as files hold it, before defaults.")
    } Generated from schemas/ and blocks/<type>/schema.json by scripts/generate.ts: do not edit, change the schema and run \`npm run gen\`. */`,
  });
const [types, authoredTypes] = await Promise.all([compileTypes(true), compileTypes(false)]);

/**
 * The types of every version of a block type that has migrations, as files hold them, for the migrations' `up`:
 * `<Title>V<n>` from each kept schema (its titles carry the version since it was kept), and the latest version as
 * the block's own authored type.
 */
async function versionTypes(): Promise<string> {
  const latest = [...histories.values()]
    .filter((history) => !history.retired)
    .map((history) => {
      const title = String(blockSchemas(schemas).get(history.type)!.schema.title);
      return `export type ${title}V${history.version} = Authored.${title};`;
    });
  const older = kept.length
    ? (
        await compileTypes(
          false,
          kept.map((file) => file.name),
          "Older versions of the block types, from the schemas their migrations keep, as files held them.",
        )
      ).replace(/^export interface SchemaRoot \{[\s\S]*?\n\}\n/m, "")
    : "/* Older versions of the block types: none yet (no block has a migration). Generated by scripts/generate.ts. */\n";
  return `${older}${latest.length ? `\nimport type * as Authored from "./authored-types.ts";\n\n${latest.join("\n")}\n` : "\nexport {};\n"}`;
}

/** Writes only on change, which keeps the dev server and tsc watchers from reloading for nothing. */
function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
}

write(path.join(ROOT, "contract/generated/schema-types.ts"), types);
write(path.join(ROOT, "contract/generated/authored-types.ts"), authoredTypes);
write(path.join(ROOT, "contract/generated/block-versions.ts"), await versionTypes());

const banner = "// Generated from the block folders by scripts/generate.ts (npm run gen). Do not edit.\n";
const ident = (type: string) => type.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const registry = path.join(ROOT, "renderer/generated");
write(
  path.join(registry, "block-components.ts"),
  `${banner}import type { BlockComponent, BlockType } from "../../contract/blocks.ts";

/** Block type → its component's module. Each block is its own chunk, so a page ships only its blocks. */
export const components: { [T in BlockType]: () => Promise<{ default: BlockComponent<T> }> } = {
${folders.map((b) => `  ${JSON.stringify(b.type)}: () => import("../../blocks/${b.type}/${b.component}"),`).join("\n")}
};
`,
);
write(
  path.join(registry, "block-manifests.ts"),
  `${banner}import type { BlockManifest, BlockType } from "../../contract/blocks.ts";
${folders.map((b) => `import ${ident(b.type)} from "../../blocks/${b.type}/block.ts";`).join("\n")}

export const manifests: { [T in BlockType]: BlockManifest<T> } = {
${folders.map((b) => `  ${JSON.stringify(b.type)}: ${ident(b.type)},`).join("\n")}
};
`,
);
/** The import of each block's module that the manifest names under `field`, named after the block type. */
const moduleImports = (field: "enhance" | "noScriptCss") =>
  folders
    .filter((b) => b.manifest[field])
    .map((b) => `import ${ident(b.type)} from "../../blocks/${b.type}/${b.manifest[field]!.replace(/^\.\//, "")}";`)
    .join("\n");
const enhanced = folders.filter((b) => b.manifest.enhance);
write(
  path.join(registry, "block-enhancements.ts"),
  `${banner}
/**
 * The blocks' DOM-only enhancements, by block type: the browser entry loads and runs, after the first paint, those of the
 * blocks on its page (each page preloads them), so that no page carries the code of blocks it does not have.
 */
export const enhancements: Record<string, () => Promise<{ default: () => void }>> = {
${enhanced.map((b) => `  ${JSON.stringify(b.type)}: () => import("../../blocks/${b.type}/${b.manifest.enhance!.replace(/^\.\//, "")}"),`).join("\n")}
};
`,
);
write(
  path.join(registry, "block-no-script.ts"),
  `${banner}${moduleImports("noScriptCss")}

/** The blocks' CSS for a page read without JavaScript, which the root layout puts in a <noscript> in <head>. */
export const noScriptCss: string = [${folders
    .filter((b) => b.manifest.noScriptCss)
    .map((b) => ident(b.type))
    .join(", ")}].join("");
`,
);
write(
  path.join(ROOT, "contract/generated/block-card-headlines.ts"),
  `${banner}
/** The block types whose heading a page that opens with them shows on its preview card (manifest: cardHeadline). */
export const cardHeadlineTypes: ReadonlySet<string> = new Set(${JSON.stringify(
    folders.filter((b) => b.manifest.cardHeadline).map((b) => b.type),
  )});
`,
);
write(path.join(registry, "block-catalogue.json"), `${JSON.stringify(catalogueEntries(folders), null, 2)}\n`);

print(generationLines.generated, { folders: folders.length, union: BLOCK_UNION_FILE });
