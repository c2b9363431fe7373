import fs from "node:fs";
import path from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import { GENERATED_DIR, SCHEMAS_DIR } from "./lib/paths.ts";

/**
 * Generates renderer/generated/schema-types.ts from schemas/. The schemas are the only hand-written
 * contract; this file is rebuilt before dev, build, test and type-check, and is not committed.
 */
const root: JSONSchema = {
  title: "SchemaRoot",
  type: "object",
  additionalProperties: false,
  properties: {
    site: { $ref: "site.schema.json" },
    page: { $ref: "page.schema.json" },
    block: { $ref: "block.schema.json" },
    lead: { $ref: "lead.schema.json" },
  },
};

const output = await compile(root, "SchemaRoot", {
  cwd: SCHEMAS_DIR,
  additionalProperties: false,
  declareExternallyReferenced: true,
  format: true,
  ignoreMinAndMaxItems: true,
  unreachableDefinitions: false,
  bannerComment:
    "/* Generated from schemas/ by scripts/generate-types.ts. Do not edit: change the schema and run `npm run gen`. */",
});

const file = path.join(GENERATED_DIR, "schema-types.ts");
fs.mkdirSync(GENERATED_DIR, { recursive: true });
const previous = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
// Writing only on change keeps the dev server and tsc watchers from reloading for nothing.
if (previous !== output) fs.writeFileSync(file, output);
console.log(`✔ types generated: ${path.relative(process.cwd(), file)}`);
