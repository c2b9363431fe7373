import fs from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { readBlockHistories } from "../contract/block-history.server.ts";
import { catalogueError, migrationErrors } from "../contract/errors.ts";

export const MIGRATION_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface MigrationScaffold {
  /** The block type that changes, e.g. "stats". */
  type: string;
  /** What changes, in lower-case words joined by hyphens, e.g. "value-to-figure". */
  name: string;
  projectDir: string;
}

/** Keywords whose values are content, not schemas: their `title`s are text to keep as it is. */
const CONTENT_KEYWORDS = new Set(["examples", "default", "const", "enum"]);

/**
 * The block's schema as it stands, kept as the previous version's: its `$ref`s reach the shared schemas from one
 * folder deeper, and every title carries the version, so that the generated types of the versions never clash.
 */
function keptSchema(schema: unknown, version: number): unknown {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => {
        if (CONTENT_KEYWORDS.has(key)) return [key, child];
        if (key === "$ref" && typeof child === "string" && !child.startsWith("#")) return [key, `../${child}`];
        if (key === "title" && typeof child === "string") return [key, `${child}V${version}`];
        return [key, rewrite(child)];
      }),
    );
  };
  const { $schema, ...rest } = rewrite(schema) as Record<string, unknown>;
  return {
    $schema,
    $comment: `The shape of this block type at version ${version}, kept by npm run new:migration: blocks in this shape are migrated. Do not edit.`,
    ...rest,
  };
}

/**
 * Writes blocks/<type>/migrations/NNN-<name>.ts (NNN, the version it produces), the schema of the version before it
 * and a test whose 'before' is the block's first example, then bumps the manifest's version.
 */
export async function scaffoldMigration({ type, name, projectDir }: MigrationScaffold): Promise<string[]> {
  if (!MIGRATION_NAME_PATTERN.test(name)) throw catalogueError(migrationErrors.badName, { name });
  const histories = readBlockHistories(projectDir);
  const history = histories.get(type);
  if (!history || history.retired)
    throw catalogueError(migrationErrors.unknownBlock, {
      type,
      known: [...histories.values()].filter((h) => !h.retired).map((h) => h.type),
    });
  const folder = path.join(projectDir, "blocks", type);
  const previous = history.version;
  const version = previous + 1;
  const base = `${String(version).padStart(3, "0")}-${name}`;
  const schema = JSON.parse(fs.readFileSync(path.join(folder, "schema.json"), "utf8")) as {
    title: string;
    examples?: unknown[];
  };
  const before = `${schema.title}V${previous}`;
  const after = `${schema.title}V${version}`;
  const example = schema.examples?.[0] ?? { type };
  const versionsModule = "../../../contract/generated/block-versions.ts";

  const files: Record<string, string> = {
    [`${base}.before.schema.json`]: JSON.stringify(keptSchema(schema, previous)),
    [`${base}.ts`]: `import type { ${before}, ${after} } from "${versionsModule}";

/** One line for the block's changelog in docs/blocks.md: what changes. */
export const description = "Say in one line what changes in a '${type}' block.";

/**
 * A '${type}' block of version ${previous}, as version ${version} holds it. A migration that retires the type returns a block of
 * another type (see contract/generated/authored-types.ts), or null to remove the block.
 */
export function up(block: ${before}): ${after} {
  return block;
}
`,
    [`${base}.test.ts`]: `// @vitest-environment node
import { expect, it } from "vitest";
import type { ${before}, ${after} } from "${versionsModule}";
import { expectedMigration } from "../../../contract/migration-example.server.ts";
import { up } from "./${base}.ts";

/** A block of version ${previous}: the block's first example when the migration was written. */
const before: ${before} = ${JSON.stringify(example)};

/** \`before\` as version ${version} holds it: what \`up\` must return (null if the migration removes the block). */
const after: ${after} | null | undefined = undefined;

it("brings a '${type}' block from version ${previous} to ${version}", () => {
  expect(up(before)).toEqual(expectedMigration("blocks/${type}/migrations/${base}.ts", before, after));
});
`,
  };
  const config = await prettier.resolveConfig(path.join(projectDir, "package.json"));
  const written: string[] = [];
  fs.mkdirSync(path.join(folder, "migrations"), { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(folder, "migrations", file);
    fs.writeFileSync(target, await prettier.format(text, { ...config, filepath: target }), { flag: "wx" });
    written.push(target);
  }
  const manifest = path.join(folder, "block.ts");
  const source = fs.readFileSync(manifest, "utf8");
  const bumped = source.replace(/^(\s*version:\s*)\d+,/m, `$1${version},`);
  if (bumped === source)
    throw catalogueError(migrationErrors.badHistory, {
      folder: type,
      problem: "block.ts has no `version: <number>,` line to bump",
    });
  fs.writeFileSync(manifest, bumped);
  return [...written, manifest];
}
