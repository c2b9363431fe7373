import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import {
  type AnyEntry,
  catalogue,
  catalogueError,
  formatCatalogueError,
  generationErrors,
  generationLines,
  kindOf,
} from "../contract/errors.ts";
import { type JsonSchema, type Located, type SchemaFiles, resolve } from "../contract/schema-tree.ts";
import { readSchemas } from "../contract/schemas.server.ts";
import { pathToFileURL } from "node:url";
import { readBlockHistories } from "../contract/block-history.server.ts";
import { readBlockFolders } from "../toolchain/block-folders.ts";
import { exitWith } from "../toolchain/fail.ts";
import { escapeCell as escape, errorTable, withMessageTables } from "./docs/message-tables.ts";
import { commandProblems, withCommandTables } from "./docs/commands-doc.ts";
import { commandDescriptions } from "./docs/commands.ts";
import { print } from "../toolchain/print.ts";
import { ROOT, relative } from "../toolchain/paths.ts";

/**
 * Writes the generated documentation:
 * - docs/blocks.md, the block reference for people editing site-config/, from the block folders: label, purpose,
 *   properties (type, required, default, limits, description) and an example of each block;
 * - docs/errors.md, every entry of the error catalogue (contract/errors.ts), and the tables of content and lead form
 *   messages in docs/validation.md (between its `errors` markers);
 * - the tables of docs/commands.md (between its `commands` markers), every script of package.json with its line from
 *   scripts/docs/commands.ts; a script without one, or a line without its script, fails the command.
 * `--check` writes nothing and fails when a file is out of date, so CI catches a schema or message changed without
 * its docs.
 */
const outIndex = process.argv.indexOf("--out");
// --out writes or checks another block reference (tests); the default is the committed one.
const OUT = outIndex === -1 ? path.join(ROOT, "docs", "blocks.md") : path.resolve(process.argv[outIndex + 1]);
const DEFS_FILE = "schemas/defs.schema.json";
const files: SchemaFiles = Object.fromEntries(
  readSchemas(ROOT).map(({ name, schema }) => [name, schema as JsonSchema]),
);
const folders = await readBlockFolders();
const histories = readBlockHistories(ROOT);

/** A property's schema, `$ref` followed, read in the file it sits in. */
const resolved = (at: Located) => resolve(files, at);
const anchorOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Each block type's changelog: one line per migration, from its module's `description`. */
const changelogs = new Map<string, string>();
for (const { type, steps } of histories.values()) {
  if (!steps.length) continue;
  const lines = await Promise.all(
    steps.map(async (step) => {
      const { description } = (await import(pathToFileURL(path.join(ROOT, step.module)).href)) as {
        description: string;
      };
      return `- ${step.version} (\`${step.name}\`, [migration](../${step.module})): ${escape(description)}`;
    }),
  );
  changelogs.set(type, ` Changes, each with its migration (\`npm run migrate\` applies them):\n\n${lines.join("\n")}`);
}
const defs = files[DEFS_FILE].$defs ?? {};

function typeOf({ file, schema: raw }: Located): string {
  if (raw.$ref) {
    const def = resolved({ file, schema: { $ref: raw.$ref } }).schema;
    if (def.type === "object" && def.title) return `[${def.title}](#${anchorOf(def.title)})`;
    if (def.enum && def.title === "IconName") return `icon name ([list](#iconname))`;
    if (def.enum) return def.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" or ");
    return def.title === "Href" ? "[link](#href)" : [def.type ?? "value"].flat().join(" or ");
  }
  if (raw.const !== undefined) return `\`${JSON.stringify(raw.const)}\``;
  if (raw.enum) return raw.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" or ");
  if (raw.type === "array" && raw.items) return `list of ${typeOf({ file, schema: raw.items })}`;
  if (raw.type === "object") return raw.title ?? "object";
  if (raw.format === "date") return "date (YYYY-MM-DD)";
  return [raw.type ?? "value"].flat().join(" or ");
}

function limitsOf(raw: Located): string {
  const { file, schema: s } = resolved(raw);
  const out: string[] = [];
  if (s.minLength === 1) out.push("not empty");
  else if (s.minLength !== undefined && s.minLength > 1) out.push(`at least ${s.minLength} characters`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minimum !== undefined) out.push(`from ${s.minimum}`);
  if (s.maximum !== undefined) out.push(`to ${s.maximum}`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`at least ${s.minItems} item${s.minItems === 1 ? "" : "s"}`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.items) {
    const item = resolved({ file, schema: s.items }).schema;
    if (item.type === "string" && item.maxLength !== undefined) out.push(`each at most ${item.maxLength} characters`);
  }
  return out.join(", ");
}

/** A property table, then one table per nested object (its heading says where it sits). */
function table({ file, schema }: Located, where: string, out: string[]) {
  const required = new Set(schema.required ?? []);
  out.push("| Property | Type | Required | Default | Limits | Description |", "|---|---|---|---|---|---|");
  const nested: [string, Located][] = [];
  for (const [name, raw] of Object.entries(schema.properties ?? {})) {
    const property = { file, schema: raw };
    const { file: inFile, schema: s } = resolved(property);
    const def = s.default === undefined ? "" : `\`${JSON.stringify(s.default)}\``;
    out.push(
      `| \`${name}\` | ${typeOf(property)} | ${required.has(name) ? "yes" : ""} | ${def} | ${limitsOf(property)} | ${escape(s.description ?? "")} |`,
    );
    if (!raw.$ref && s.type === "object" && s.properties) nested.push([`${where}${name}`, { file: inFile, schema: s }]);
    if (s.type === "array" && s.items && !s.items.$ref && s.items.type === "object")
      nested.push([`${where}${name}[]`, { file: inFile, schema: s.items }]);
  }
  for (const [at, located] of nested) {
    out.push("", `Each \`${at}\`${located.schema.title ? ` (${located.schema.title})` : ""}:`, "");
    table(located, `${at}.`, out);
  }
}

function render(): string {
  const out: string[] = [
    "# Block reference",
    "",
    "<!-- Generated from blocks/<type>/ (schema.json, block.ts) by scripts/generate-docs.ts. Do not edit: change the block and run `npm run docs`. -->",
    "",
    "Every page in `site-config/pages/` is a list of blocks, top to bottom. A block is an object whose `type` says which kind it is;",
    "the other fields depend on the type and are listed below. Every page ends with a `call-to-action` block.",
    '`id` (optional on every block) is the block\'s anchor: `/use-cases#fnol` scrolls to the block with `"id": "fnol"`.',
    "Text is plain text: no HTML. In the dev server, `/__blocks` shows every block rendered from the examples below.",
    "Every block reads right to left, mirrored, on a right-to-left locale's pages: how a block keeps it so is in",
    "[block-types.md](block-types.md#right-to-left).",
    "",
  ];
  out.push("| Block | Name | Category | Version | Purpose |", "|---|---|---|---|---|");
  for (const { type, manifest } of folders)
    out.push(
      `| [\`${type}\`](#${anchorOf(type)}) | ${escape(manifest.label)} | ${manifest.category} | ${manifest.version} | ${escape(manifest.description)} |`,
    );
  for (const { type, manifest, schema } of folders) {
    const hydrates = manifest.hydrate ? "It runs in the browser (an island)." : "It is HTML and CSS only.";
    out.push("", `## ${type}`, "", `**${manifest.label}.** ${String(schema.description ?? "")} ${hydrates}`, "");
    out.push(`Version ${manifest.version}.${changelogs.get(type) ?? ""}`, "");
    table({ file: `blocks/${type}/schema.json`, schema: schema as JsonSchema }, "", out);
    const example = (schema.examples as unknown[] | undefined)?.[0];
    if (example) out.push("", "Example:", "", "```json", JSON.stringify(example, null, 2), "```");
  }
  const retired = [...histories.values()].filter((history) => history.retired);
  if (retired.length) {
    out.push(
      "",
      "## Retired block types",
      "",
      "Content of these types is migrated by `npm run migrate` (docs/migrations.md).",
    );
    for (const { type, version } of retired)
      out.push("", `### ${type}`, "", `Version ${version}.${changelogs.get(type)}`);
  }
  out.push("", "## Shared definitions", "", "Fields that many blocks use.");
  for (const def of Object.values(defs)) {
    if (!def.title) continue;
    out.push("", `### ${def.title}`, "", def.description ?? "", "");
    const located = { file: DEFS_FILE, schema: def };
    if (def.type === "object") table(located, "", out);
    else if (def.enum) out.push(def.enum.map((v) => `\`${String(v)}\``).join(", "));
    else if (limitsOf(located)) out.push(`Text, ${limitsOf(located)}.`);
  }
  return `${out.join("\n")}\n`;
}

/** The results and information lines of a group of the catalogue as a table, or nothing if it has none. */
function noticeTable(entries: Record<string, AnyEntry>): string[] {
  const notices = Object.values(entries).filter((entry) => kindOf(entry) !== "problem");
  if (notices.length === 0) return [];
  return [
    "",
    "What it prints when all goes well, or while it runs:",
    "",
    "| Code | Kind | Line | Next |",
    "|---|---|---|---|",
    ...notices.map(
      (entry) => `| \`${entry.code}\` | ${kindOf(entry)} | ${escape(entry.title)} | ${escape(entry.hint)} |`,
    ),
  ];
}

/** Where docs/errors.md's hand-written part begins: `npm run docs` keeps the marker and what follows it. */
const ERRORS_HAND_WRITTEN = "<!-- Written by hand from here on: `npm run docs` keeps this part as it is. -->";

function renderErrors(current: string): string {
  const handWritten = current.indexOf(ERRORS_HAND_WRITTEN);
  const out = [
    "# Messages",
    "",
    "<!-- Generated from contract/errors.ts by scripts/generate-docs.ts down to the hand-written part. Do not edit it: change the catalogue and run `npm run docs`. -->",
    "",
    "Every message the project prints comes from one catalogue, `contract/errors.ts`: each has a stable code (printed",
    "with a problem, and what tests check), a title, the message and what to do. The lines a command prints when all",
    "goes well come from it too: a result (`success`, printed after a ✔) or information while it runs (`info`: usage,",
    "progress, figures, next steps); they are printed without their code.",
  ];
  for (const [group, entries] of Object.entries(catalogue)) {
    const problems = Object.values(entries).some((entry) => kindOf(entry) === "problem") ? errorTable(entries) : [];
    out.push("", `## ${group}`, "", ...problems, ...noticeTable(entries).slice(problems.length ? 0 : 1));
  }
  if (handWritten !== -1) out.push("", current.slice(handWritten).trimEnd());
  return `${out.join("\n")}\n`;
}

const MESSAGES_FILE = path.join(ROOT, "docs", "validation.md");
const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const commandErrors = commandProblems(scripts, commandDescriptions);
if (outIndex === -1 && commandErrors.length) {
  for (const error of commandErrors) console.error(formatCatalogueError(error));
  process.exit(1);
}

const check = process.argv.includes("--check");
const outputs: [string, (current: string) => string][] = [
  [OUT, () => render()],
  ...(outIndex === -1
    ? ([
        [path.join(ROOT, "docs", "errors.md"), renderErrors],
        [MESSAGES_FILE, withMessageTables],
        [path.join(ROOT, "docs", "commands.md"), (current) => withCommandTables(current, scripts, commandDescriptions)],
      ] as [string, (current: string) => string][])
    : []),
];
for (const [file, build] of outputs) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  // Formatted as `npm run lint` expects, so the check and Prettier agree on the file.
  const text = await prettier.format(build(current), { ...(await prettier.resolveConfig(file)), filepath: file });
  if (current === text) continue;
  if (check) exitWith(catalogueError(generationErrors.outOfDate, { file: relative(file) }));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  print(generationLines.docWritten, { file: relative(file) });
}
if (check) print(generationLines.docsUpToDate);
