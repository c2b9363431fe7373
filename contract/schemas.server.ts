import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { default as Ajv, AnySchemaObject, KeywordCxt, Options, ValidateFunction } from "ajv";
import type * as Codegen from "ajv/dist/compile/codegen";
import type * as Names from "ajv/dist/compile/names";
import type { default as AddFormats, FormatName } from "ajv-formats";
import { type BlockHistory, readBlockHistories, readKeptSchemas } from "./block-history.server.ts";
import { catalogueError, generationErrors } from "./errors.ts";
import { keptValidationCode } from "./kept-validation-code.server.ts";
import { computedOnce } from "./process-cache.ts";

/**
 * The JSON Schemas of the project and the one way they are compiled. Shared schemas live in `schemas/` (site, page,
 * the generated block union, shared definitions, lead); each block type's schema lives in its folder,
 * `blocks/<type>/schema.json`, so that deleting the folder removes the type everywhere.
 *
 * Paths are resolved from the working directory: npm runs every script from the project root, and this module is also
 * bundled into the prerender build, where its own location says nothing about the project's.
 */
export const projectDir = () => path.resolve(process.env.PROJECT_DIR ?? ".");

/** Base URI under which schema files are registered by their path in the project, so relative `$ref`s resolve. */
export const SCHEMA_BASE = "https://schemas.site.invalid/";

/** The file that `npm run gen` writes from the block folders: the union of every block type. */
export const BLOCK_UNION_FILE = "schemas/block.schema.json";

export interface SchemaFile {
  /** Path from the project root, e.g. "blocks/hero/schema.json" or "schemas/page.schema.json". */
  name: string;
  schema: AnySchemaObject;
}

/** Names of the block folders that hold a schema, sorted. */
export function blockFolders(dir: string = projectDir()): string[] {
  const blocks = path.join(dir, "blocks");
  return fs
    .readdirSync(blocks, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(blocks, entry.name, "schema.json")))
    .map((entry) => entry.name)
    .sort();
}

export function readSchemas(dir: string = projectDir()): SchemaFile[] {
  const names = [
    ...fs
      .readdirSync(path.join(dir, "schemas"))
      .filter((file) => file.endsWith(".schema.json"))
      .sort()
      .map((file) => `schemas/${file}`),
    ...blockFolders(dir).map((type) => `blocks/${type}/schema.json`),
  ];
  return names.map((name) => ({
    name,
    schema: JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as AnySchemaObject,
  }));
}

/** Block schemas keyed by their `type` constant, which is also their folder's name. */
export function blockSchemas(schemas: SchemaFile[]): Map<string, SchemaFile> {
  const out = new Map<string, SchemaFile>();
  for (const file of schemas) {
    const folder = /^blocks\/([^/]+)\/schema\.json$/.exec(file.name)?.[1];
    if (!folder) continue;
    const type = (file.schema.properties as Record<string, { const?: string }> | undefined)?.type?.const;
    if (type !== folder) throw catalogueError(generationErrors.schemaTypeMismatch, { file: file.name, folder });
    out.set(type, file);
  }
  return out;
}

/**
 * What a schema marks a string as: a link (checked against the site's pages and anchors), a file under public/, a
 * picture (a file under public/ that the build makes sizes of, checked as an image: docs/media.md), or an icon
 * (bundled by the build when content names it).
 */
export type ReferenceKind = "link" | "asset" | "image" | "icon";

/** A value that a schema marked with `siteRef`, met while validating a document, with its JSON pointer. */
export interface MarkedReference {
  kind: ReferenceKind;
  pointer: string;
  value: string;
}

/**
 * Keywords that JSON Schema does not define but the schemas use: editors' descriptions of enum values (VS Code reads
 * them to describe each block type), and `siteRef`, which marks a string as a link, an asset or an icon so that
 * cross-checks and the icon bundle find it whatever the property is called.
 */
const EDITOR_KEYWORDS = ["enumDescriptions", "markdownDescription", "markdownEnumDescriptions"];

export interface Validators {
  ajv: Ajv;
  page: ValidateFunction;
  /** A shared section's file (schemas/section.schema.json). */
  section: ValidateFunction;
  /** One block of any type, or a section's reference (the block union), as a page holds it. */
  block: ValidateFunction;
  site: ValidateFunction;
  /** A locale's chrome, site-config/locales/<code>/site.json. */
  localeSite: ValidateFunction;
  /** How a picture is framed, site-config/media/<path>.json (schemas/media.schema.json). */
  framing: ValidateFunction;
  lead: ValidateFunction;
  /** The site's redirects, site-config/redirects.json (schemas/redirects.schema.json). */
  redirects: ValidateFunction;
  blockTypes: string[];
  schemas: SchemaFile[];
  /** Each block type's migrations, whose kept schemas are compiled too (by their path, like the others). */
  histories: Map<string, BlockHistory>;
  /** The references marked `siteRef` that the last validation met (validation fills in defaults, so these too). */
  references: () => MarkedReference[];
}

/**
 * Compiles every schema with one configuration: every error at once, `verbose` so that messages can quote the failing
 * schema, and `useDefaults`, so that validating a document also fills in every `default` it leaves out. Content is
 * validated once where it is loaded, and what the code receives is complete.
 */
export function createValidators(dir: string = projectDir()): Validators {
  return compile(schemaSources(dir));
}

/**
 * The validators of the schemas as they are now, compiled once in the process (createValidators takes a few hundred
 * milliseconds) and again when a schema changes.
 */
export function projectValidators(dir: string = projectDir()): Validators {
  const sources = schemaSources(dir);
  return computedOnce("validators", sources.inputs, () => compile(sources));
}

/** What the validators are compiled from: the schemas, the block types' histories and their kept schemas. */
interface SchemaSources {
  schemas: SchemaFile[];
  histories: Map<string, BlockHistory>;
  kept: SchemaFile[];
  /** All three as text: what a value computed from them depends on, and what their compiled code is named by. */
  inputs: string;
}

/** What the validators are compiled from, read but not compiled. */
function schemaSources(dir: string): SchemaSources {
  const schemas = readSchemas(dir);
  const histories = readBlockHistories(dir);
  const kept = readKeptSchemas(histories, dir);
  return { schemas, histories, kept, inputs: JSON.stringify([schemas, [...histories.values()], kept]) };
}

/**
 * The text of everything the validators are compiled from: what a value computed with them depends on, known without
 * compiling them (which takes the larger part of a second).
 */
export const schemaInputs = (dir: string = projectDir()): string => schemaSources(dir).inputs;

/**
 * ajv and its formats are loaded where the schemas are compiled, or an error is explained: a process that loads the
 * kept code (kept-validation-code.server.ts) and finds its content valid loads neither (100 ms of every build's start).
 * CommonJS as ajv ships them: its code generation's `names` is a default export that an ES import misreads.
 */
const require = createRequire(import.meta.url);
const ajvModules = () => ({
  Ajv: (require("ajv") as { default: typeof Ajv }).default,
  addFormats: (require("ajv-formats") as { default: typeof AddFormats }).default,
  codegen: require("ajv/dist/compile/codegen") as typeof Codegen,
  names: (require("ajv/dist/compile/names") as typeof Names).default,
});

/** Where the code the schemas compile to puts each value marked `siteRef` it meets: the list of the validation running. */
const MARKED_NAME = "voxa-site.marked-references";
const MARKED = Symbol.for(MARKED_NAME);
type WithMarked = { [MARKED]?: MarkedReference[] };

const AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: true,
  strictTypes: false,
  useDefaults: true,
  // The code is kept for the next process (kept-validation-code.server.ts).
  code: { source: true },
} satisfies Options;

const FORMATS = ["email", "uri", "date"] satisfies FormatName[];

/**
 * The code of the `siteRef` keyword: it puts the value, its kind and its pointer in the running validation's list. It
 * is written into the code ajv generates, as its other keywords are, so that the code can be kept and loaded again (a
 * function handed to ajv would be missing from it).
 */
function markReference({ gen, data, schema, it }: KeywordCxt) {
  const { codegen, names } = ajvModules();
  const pointer = codegen.strConcat(names.instancePath, it.errorPath);
  gen.code(
    codegen._`globalThis[Symbol.for(${MARKED_NAME})].push({ kind: ${schema as string}, value: ${data}, pointer: ${pointer} })`,
  );
}

/** The validators' functions and the schema each is compiled from, by name. */
const VALIDATED = {
  page: "schemas/page.schema.json",
  section: "schemas/section.schema.json",
  block: BLOCK_UNION_FILE,
  site: "schemas/site.schema.json",
  localeSite: "schemas/locale-site.schema.json",
  framing: "schemas/media.schema.json",
  lead: "schemas/lead.schema.json",
  redirects: "schemas/redirects.schema.json",
} as const;

function compile({ schemas, histories, kept, inputs }: SchemaSources): Validators {
  let compiler: Ajv | undefined;
  /** ajv holding every schema: made when first asked for (compiling, an error explained, a migration's schema). */
  const ajv = () => {
    if (compiler) return compiler;
    const modules = ajvModules();
    compiler = new modules.Ajv(AJV_OPTIONS);
    modules.addFormats(compiler, FORMATS);
    compiler.addVocabulary(EDITOR_KEYWORDS);
    compiler.addKeyword({ keyword: "siteRef", type: "string", schemaType: "string", code: markReference });
    for (const { name, schema } of [...schemas, ...kept]) compiler.addSchema(schema, SCHEMA_BASE + name);
    return compiler;
  };
  const keys = Object.fromEntries(Object.entries(VALIDATED).map(([name, file]) => [name, SCHEMA_BASE + file]));
  // Everything the code follows from: the schemas, and how they are compiled.
  const compiledFrom = [inputs, AJV_OPTIONS, FORMATS, EDITOR_KEYWORDS, String(markReference)];
  const code = keptValidationCode(ajv, keys, JSON.stringify(compiledFrom));
  let references: MarkedReference[] = [];
  const global = globalThis as WithMarked;
  // A validation that ajv's own functions make outside these (a migration's older schema) meets its references in
  // the last list, as it did when the keyword was ajv's.
  global[MARKED] ??= references;
  const get = (name: keyof typeof VALIDATED) => {
    const fn = code[name]!;
    const validate = ((data: unknown) => {
      // Each validation starts a fresh list of the references it meets.
      references = global[MARKED] = [];
      const valid = fn(data) as boolean;
      if (valid) validate.errors = null;
      else {
        // Errors whose schemas are the ones ajv holds (the kept code quotes copies of them), which the messages compare
        // with the union's (toolchain/validate/ajv-errors.ts): the same validation by ajv's function, compiled now.
        const own = ajv().getSchema(keys[name]!)!;
        const met = references;
        global[MARKED] = [];
        own(data);
        validate.errors = own.errors;
        references = global[MARKED] = met;
      }
      return valid;
    }) as ValidateFunction;
    validate.schema = schemas.find((file) => file.name === VALIDATED[name])?.schema ?? {};
    return validate;
  };
  return {
    get ajv() {
      return ajv();
    },
    page: get("page"),
    section: get("section"),
    block: get("block"),
    site: get("site"),
    localeSite: get("localeSite"),
    framing: get("framing"),
    lead: get("lead"),
    redirects: get("redirects"),
    blockTypes: [...blockSchemas(schemas).keys()].sort(),
    schemas,
    histories,
    references: () => references,
  };
}
