import fs from "node:fs";
import path from "node:path";
import Ajv, { type AnySchemaObject, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { SCHEMAS_DIR, SCHEMA_BASE } from "./paths.ts";

export interface SchemaFile {
  /** Path relative to schemas/, e.g. "blocks/hero.schema.json". */
  name: string;
  schema: AnySchemaObject;
}

function listSchemaFiles(dir: string, prefix = ""): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listSchemaFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
        : entry.name.endsWith(".schema.json")
          ? [`${prefix}${entry.name}`]
          : [],
    )
    .sort();
}

export function readSchemas(dir: string = SCHEMAS_DIR): SchemaFile[] {
  return listSchemaFiles(dir).map((name) => ({
    name,
    schema: JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as AnySchemaObject,
  }));
}

/** Block schemas keyed by their `type` constant. */
export function blockSchemas(schemas: SchemaFile[]): Map<string, SchemaFile> {
  const out = new Map<string, SchemaFile>();
  for (const file of schemas) {
    if (!file.name.startsWith("blocks/")) continue;
    const type = (file.schema.properties as Record<string, { const?: string }> | undefined)?.type?.const;
    if (typeof type !== "string") throw new Error(`schemas/${file.name}: properties.type.const is missing`);
    out.set(type, file);
  }
  return out;
}

export interface Validators {
  ajv: Ajv;
  page: ValidateFunction;
  site: ValidateFunction;
  lead: ValidateFunction;
  blockTypes: string[];
  schemas: SchemaFile[];
}

export function createValidators(dir: string = SCHEMAS_DIR): Validators {
  const schemas = readSchemas(dir);
  // verbose: messages quote the failing schema (its description, allowed values, pattern).
  const ajv = new Ajv({ allErrors: true, discriminator: true, verbose: true, strict: true, strictTypes: false });
  addFormats(ajv, ["email", "uri", "date"]);
  for (const { name, schema } of schemas) ajv.addSchema(schema, SCHEMA_BASE + name);
  const get = (name: string) => {
    const fn = ajv.getSchema(SCHEMA_BASE + name);
    if (!fn) throw new Error(`schema ${name} failed to compile`);
    return fn;
  };
  return {
    ajv,
    page: get("page.schema.json"),
    site: get("site.schema.json"),
    lead: get("lead.schema.json"),
    blockTypes: [...blockSchemas(schemas).keys()].sort(),
    schemas,
  };
}
