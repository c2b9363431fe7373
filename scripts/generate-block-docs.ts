import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { ROOT } from "./lib/paths.ts";
import { blockSchemas, readSchemas } from "./lib/schemas.ts";

/**
 * Writes docs/blocks.md, the block reference for people editing site-config/, from the block schemas: purpose,
 * properties (type, required, default, limits, description) and an example of each block.
 * `--check` writes nothing and fails when the file is out of date, so CI catches a schema changed without its docs.
 */
interface Schema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  examples?: unknown[];
}

const outIndex = process.argv.indexOf("--out");
// --out writes or checks another file (tests); the default is the committed reference.
const OUT = outIndex === -1 ? path.join(ROOT, "docs", "blocks.md") : path.resolve(process.argv[outIndex + 1]);
const schemas = readSchemas();
const defs = (schemas.find((s) => s.name === "defs.schema.json")!.schema.$defs ?? {}) as Record<string, Schema>;

const defOf = (ref: string) => defs[ref.replace(/^.*#\/\$defs\//, "")];
const resolve = (schema: Schema): Schema =>
  schema.$ref
    ? {
        ...defOf(schema.$ref),
        ...schema,
        $ref: undefined,
        description: schema.description ?? defOf(schema.$ref)?.description,
      }
    : schema;
const escape = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
const anchorOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

function typeOf(raw: Schema): string {
  if (raw.$ref) {
    const def = defOf(raw.$ref);
    if (def?.type === "object" && def.title) return `[${def.title}](#${anchorOf(def.title)})`;
    if (def?.enum) return `icon name ([list](#iconname))`;
    return def?.title === "Href" ? "[link](#href)" : (def?.type ?? "value");
  }
  if (raw.const !== undefined) return `\`${JSON.stringify(raw.const)}\``;
  if (raw.enum) return raw.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" or ");
  if (raw.type === "array" && raw.items) return `list of ${typeOf(raw.items)}`;
  if (raw.type === "object") return raw.title ?? "object";
  if (raw.format === "date") return "date (YYYY-MM-DD)";
  return raw.type ?? "value";
}

function limitsOf(raw: Schema): string {
  const s = resolve(raw);
  const out: string[] = [];
  if (s.minLength === 1) out.push("not empty");
  else if (s.minLength !== undefined && s.minLength > 1) out.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined) out.push(`from ${s.minimum}`);
  if (s.maximum !== undefined) out.push(`to ${s.maximum}`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`at least ${s.minItems} item${s.minItems === 1 ? "" : "s"}`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.items) {
    const item = resolve(s.items);
    if (item.type === "string" && item.maxLength !== undefined) out.push(`each at most ${item.maxLength} characters`);
  }
  return out.join(", ");
}

/** A property table, then one table per nested object (its heading says where it sits). */
function table(schema: Schema, where: string, out: string[]) {
  const required = new Set(schema.required ?? []);
  out.push("| Property | Type | Required | Default | Limits | Description |", "|---|---|---|---|---|---|");
  const nested: [string, Schema][] = [];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const s = resolve(raw);
    const def = s.default === undefined ? "" : `\`${JSON.stringify(s.default)}\``;
    out.push(
      `| \`${name}\` | ${typeOf(raw)} | ${required.has(name) ? "yes" : ""} | ${def} | ${limitsOf(raw)} | ${escape(s.description ?? "")} |`,
    );
    if (!raw.$ref && s.type === "object" && s.properties) nested.push([`${where}${name}`, s]);
    if (s.type === "array" && s.items && !s.items.$ref && s.items.type === "object")
      nested.push([`${where}${name}[]`, s.items]);
  }
  for (const [at, s] of nested) {
    out.push("", `Each \`${at}\`${s.title ? ` (${s.title})` : ""}:`, "");
    table(s, `${at}.`, out);
  }
}

function render(): string {
  const out: string[] = [
    "# Block reference",
    "",
    "<!-- Generated from schemas/ by scripts/generate-block-docs.ts. Do not edit: change the schema and run `npm run docs:blocks`. -->",
    "",
    "Every page in `site-config/pages/` is a list of blocks, top to bottom. A block is an object whose `type` says which kind it is;",
    "the other fields depend on the type and are listed below. Every page ends with a `call-to-action` block.",
    '`id` (optional on every block) is the block\'s anchor: `/use-cases#fnol` scrolls to the block with `"id": "fnol"`.',
    "Text is plain text: no HTML. In the dev server, `/__blocks` shows every block rendered from the examples below.",
    "",
  ];
  const blocks = [...blockSchemas(schemas).entries()].sort(([a], [b]) => a.localeCompare(b));
  out.push("| Block | Purpose |", "|---|---|");
  for (const [type, { schema }] of blocks)
    out.push(`| [\`${type}\`](#${anchorOf(type)}) | ${escape(String(schema.description ?? ""))} |`);
  for (const [type, { schema }] of blocks) {
    out.push("", `## ${type}`, "", String(schema.description ?? ""), "");
    table(schema as Schema, "", out);
    const example = (schema.examples as unknown[] | undefined)?.[0];
    if (example) out.push("", "Example:", "", "```json", JSON.stringify(example, null, 2), "```");
  }
  out.push("", "## Shared definitions", "", "Fields that many blocks use.");
  for (const def of Object.values(defs)) {
    if (!def.title) continue;
    out.push("", `### ${def.title}`, "", def.description ?? "", "");
    if (def.type === "object") table(def, "", out);
    else if (def.enum) out.push(def.enum.map((v) => `\`${String(v)}\``).join(", "));
    else if (limitsOf(def)) out.push(`Text, ${limitsOf(def)}.`);
  }
  return `${out.join("\n")}\n`;
}

// Formatted as `npm run lint` expects, so the check and Prettier agree on the file.
const text = await prettier.format(render(), { ...(await prettier.resolveConfig(OUT)), filepath: OUT });
const current = fs.existsSync(OUT) ? fs.readFileSync(OUT, "utf8") : "";
if (process.argv.includes("--check")) {
  if (current !== text) {
    console.error(
      `✖ ${path.relative(ROOT, OUT)} is out of date with schemas/ — run \`npm run docs:blocks\` and commit the result`,
    );
    process.exit(1);
  }
  console.log(`✔ ${path.relative(ROOT, OUT)} is up to date`);
} else {
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  if (current !== text) fs.writeFileSync(OUT, text);
  console.log(`✔ block reference written: ${path.relative(process.cwd(), OUT)}`);
}
