// @vitest-environment node
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MigrationStep } from "../contract/block-history.server.ts";
import { lineDiff } from "../scripts/content/line-diff.ts";
import { type Migration, contentDocuments, migrateDocuments, projectMigrateOptions } from "../toolchain/migrate.ts";
import { scaffoldMigration } from "../toolchain/scaffold-migration.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";

/**
 * Four real changes of block types in one copy of the project, in sequence: `new:migration`, the edit of the schema
 * and the component (written here), then `migrate`. After each: validate passes, the diff of the content is minimal,
 * a second migrate changes nothing, and a dry run wrote nothing. The first change runs every command as a developer
 * does (each a process of its own); the others call the same library functions in this process, which is what the
 * commands do once started. `npm run build` regenerates and refuses the older branch's page; the type-check and the
 * build run once, after the four changes.
 */
const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
const copy = path.join(scratch, "project");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const runModule = (module: string, args: string[] = [], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(copy, module), ...args], {
    cwd: copy,
    env: { ...process.env, CI: "", PROJECT_DIR: copy, SITE_CONFIG_DIR: path.join(copy, "site-config"), ...env },
    encoding: "utf8",
  });
const run = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
  runModule(path.join("scripts", script), args, env);
const reactRouter = (args: string[], env: Record<string, string> = {}) =>
  runModule("node_modules/@react-router/dev/bin.js", args, env);
const file = (name: string) => path.join(copy, name);
const read = (name: string) => fs.readFileSync(file(name), "utf8");
const write = (name: string, text: string) => fs.writeFileSync(file(name), text);
const editJson = (name: string, edit: (value: Record<string, never>) => void) => {
  const value = JSON.parse(read(name)) as Record<string, never>;
  edit(value);
  write(name, `${JSON.stringify(value, null, 2)}\n`);
};
/** Every content file and its text. */
const content = () => {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(file(dir), { withFileTypes: true }))
      if (entry.isDirectory()) walk(`${dir}/${entry.name}`);
      else out.set(`${dir}/${entry.name}`, read(`${dir}/${entry.name}`));
  };
  walk("site-config");
  return out;
};
const digest = () =>
  createHash("sha256")
    .update(JSON.stringify([...content()]))
    .digest("hex");

/** Renames a key of an object, keeping its place. */
const renameKey = (object: Record<string, unknown>, from: string, to: string) => {
  const entries = Object.entries(object).map(([key, value]) => [key === from ? to : key, value]);
  for (const key of Object.keys(object)) delete object[key];
  Object.assign(object, Object.fromEntries(entries));
};

/** `npm run new:migration`, the command. */
function scaffold(block: string, name: string) {
  const result = run("new-migration.ts", ["--block", block, "--name", name]);
  expect(result.stderr.replace(/npm warn.*\n/g, "")).not.toMatch(/✖/);
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(`✔ MIG011 '${block}' is now at version`);
}

/** The content files that changed since `before`, with their line diffs. */
const changedSince = (before: Map<string, string>) =>
  [...content()].flatMap(([name, text]) =>
    text === before.get(name) ? [] : [{ name, diff: lineDiff(before.get(name)!, text) }],
  );

/** `npm run migrate`, the command: a dry run first, in CI too, then the run, a second run, and validate. */
function migrate(expected: { files: number; blocks: number }) {
  const before = content();
  const dry = run("migrate.ts", ["--dry-run"]);
  expect(dry.status).toBe(1);
  expect(dry.stderr).toContain(
    `✖ MIG008 ${expected.blocks} block(s) in ${expected.files} file(s) are in an older shape`,
  );
  expect(digest()).toBe(
    createHash("sha256")
      .update(JSON.stringify([...before]))
      .digest("hex"),
  );
  const ci = run("migrate.ts", [], { CI: "true" });
  expect(ci.status).toBe(1);
  expect(ci.stderr).toContain("MIG008");
  const applied = run("migrate.ts");
  expect(applied.stderr).toBe("");
  expect(applied.stdout).toContain(`✔ MIG006 migrated ${expected.blocks} block(s) in ${expected.files} file(s)`);
  const again = run("migrate.ts");
  expect(again.stdout).toMatch(/✔ MIG007 every block of the \d+ content files is at its block type's version/);
  const validated = run("validate.ts");
  expect(validated.stderr).toBe("");
  expect(validated.status).toBe(0);
  return changedSince(before);
}

/**
 * How `migrate` migrates the copy, in this process; its migration modules loaded as the command loads them (with tsx,
 * which this test runner's own module loader does not replace for files outside the project).
 */
const migrateOptions = async () => ({
  ...(await projectMigrateOptions(copy, copy)),
  load: async (step: MigrationStep) =>
    (await tsImport(pathToFileURL(path.join(copy, step.module)).href, import.meta.url)) as Migration,
});

/** What `npm run validate` reports on the copy. */
const problems = async () =>
  validateConfig({
    configDir: file("site-config"),
    publicDir: file("public"),
    validators: (await migrateOptions()).validators,
  }).problems.map(formatProblem);

/**
 * What `migrate` does, in this process: computing the changes writes nothing (the dry run), writing them, then a
 * second run finds nothing, and validate passes.
 */
async function migrateInProcess(expected: { files: number; blocks: number }) {
  const before = content();
  const options = await migrateOptions();
  const pending = await migrateDocuments(contentDocuments(file("site-config"), copy), options);
  expect({
    files: pending.length,
    blocks: pending.reduce((sum, document) => sum + document.changes.length, 0),
  }).toEqual(expected);
  expect(digest()).toBe(
    createHash("sha256")
      .update(JSON.stringify([...before]))
      .digest("hex"),
  );
  for (const document of pending) write(document.file, document.after);
  expect(await migrateDocuments(contentDocuments(file("site-config"), copy), options)).toEqual([]);
  expect(await problems()).toEqual([]);
  return changedSince(before);
}

beforeAll(() => {
  fs.cpSync(root, copy, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|\.git|\.cache|build|coverage|\.react-router)$/.test(src),
  });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"), "dir");
}, 120_000);

/** A page as a marketer's branch made before every change below holds it, merged after them. */
const branchPage = () =>
  JSON.stringify(
    {
      $schema: "../../schemas/page.schema.json",
      path: "/branch",
      title: "A page from an older branch",
      description: "Written before the blocks changed, merged after.",
      blocks: [
        { type: "video", src: "/media/demo.mp4", title: "Demo", caption: "Two minutes with the voice agent." },
        { type: "stats", stats: [{ value: 70, suffix: "%", label: "Resolution" }] },
        {
          type: "promises",
          heading: "What you can count on",
          promises: [
            { title: "Supported", description: "A named team, on hand whenever you need them." },
            { title: "Improving", description: "Tuned every week." },
          ],
        },
        { type: "call-to-action" },
      ],
    },
    null,
    2,
  );

describe("changing block types in a copy of the project", () => {
  it("renames a field of a block used on several pages: one changed line per use", () => {
    scaffold("video", "caption-to-note");
    editJson("blocks/video/schema.json", (schema: Record<string, never>) => {
      renameKey(schema.properties, "caption", "note");
      for (const example of schema.examples as Record<string, unknown>[]) renameKey(example, "caption", "note");
    });
    write("blocks/video/Video.tsx", read("blocks/video/Video.tsx").replaceAll("block.caption", "block.note"));
    write(
      "blocks/video/migrations/002-caption-to-note.ts",
      `import type { VideoBlockV1, VideoBlockV2 } from "../../../contract/generated/block-versions.ts";

export const description = "\`caption\` is now \`note\`.";

export function up({ caption, ...block }: VideoBlockV1): VideoBlockV2 {
  return { ...block, note: caption };
}
`,
    );
    const validated = run("validate.ts");
    expect(validated.status).toBe(1);
    expect(validated.stderr).toMatch(
      /site-config\/pages\/home\.json:\d+:5 {2}\/blocks\/\d+ {2}MIG001 `\/blocks\/\d+` is a 'video' block of version 1; the site is at version 2 \(caption-to-note\): run `npm run migrate`/,
    );
    expect(validated.stderr).not.toContain("CFG005");

    // A migration that throws, then one whose block the schema refuses: nothing written, file, block and migration named.
    const migration = read("blocks/video/migrations/002-caption-to-note.ts");
    const before = digest();
    write(
      "blocks/video/migrations/002-caption-to-note.ts",
      migration.replace("return {", 'if (caption) throw new Error("no caption expected");\n  return {'),
    );
    const threw = run("migrate.ts");
    expect(threw.status).toBe(1);
    expect(threw.stderr).toMatch(
      /✖ MIG002 site-config\/pages\/[\w/-]+\.json \/blocks\/\d+: migration video\/002-caption-to-note threw: no caption expected — nothing was written/,
    );
    write(
      "blocks/video/migrations/002-caption-to-note.ts",
      migration.replace("note: caption", "caption, note: caption"),
    );
    const refused = run("migrate.ts");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /✖ MIG003 site-config\/pages\/[\w/-]+\.json \/blocks\/\d+: migration video\/002-caption-to-note produced a block its schema refuses \(\/ must NOT have additional properties 'caption'\) — nothing was written/,
    );
    expect(digest()).toBe(before);
    write("blocks/video/migrations/002-caption-to-note.ts", migration);

    const changed = migrate({ files: 2, blocks: 2 });
    expect(changed).toHaveLength(2);
    for (const { diff } of changed) {
      expect(diff).toHaveLength(2);
      expect(diff[0]).toMatch(/^ {2}\d+ - {7}"caption": /);
      expect(diff[1]).toMatch(/^ {2}\d+ \+ {7}"note": /);
    }
  });

  it("makes a new field required, computed from the others: one added line per block", async () => {
    await scaffoldMigration({ type: "stats", name: "summary", projectDir: copy });
    editJson("blocks/stats/schema.json", (schema: Record<string, never>) => {
      const properties = Object.entries(schema.properties);
      const at = properties.findIndex(([key]) => key === "text") + 1;
      properties.splice(at, 0, [
        "summary",
        { description: "The figures in one line, for screen readers and previews.", type: "string", maxLength: 400 },
      ] as never);
      (schema as Record<string, unknown>).properties = Object.fromEntries(properties);
      (schema.required as string[]).push("summary");
      for (const example of schema.examples as Record<string, unknown>[]) example.summary = "Figures.";
    });
    write(
      "blocks/stats/migrations/002-summary.ts",
      `import type { StatsBlockV1, StatsBlockV2 } from "../../../contract/generated/block-versions.ts";

export const description = "A required \`summary\`, first written from the figures.";

export function up(block: StatsBlockV1): StatsBlockV2 {
  const figures = block.stats.map((s) => \`\${s.prefix ?? ""}\${s.value}\${s.suffix ?? ""} \${s.label}\`);
  return { ...block, summary: figures.join(", ").slice(0, 400) };
}
`,
    );
    // The component's own test writes blocks of the new shape too.
    write(
      "blocks/stats/Stats.test.tsx",
      read("blocks/stats/Stats.test.tsx").replaceAll('type: "stats",', 'type: "stats",\n  summary: "Figures.",'),
    );
    const changed = await migrateInProcess({ files: 6, blocks: 6 });
    expect(changed).toHaveLength(6);
    for (const { diff } of changed) {
      expect(diff).toHaveLength(1);
      expect(diff[0]).toMatch(/^ {2}\d+ \+ {7}"summary": "/);
    }
    expect(read("site-config/pages/home.json")).toContain('"summary": "70% Resolution, 4.8/5 Customer satisfaction');
  });

  it("splits one text into two", async () => {
    await scaffoldMigration({ type: "promises", name: "split-description", projectDir: copy });
    editJson("blocks/promises/schema.json", (schema: Record<string, never>) => {
      const items = (schema.properties as Record<string, Record<string, never>>).promises.items as Record<
        string,
        never
      >;
      const { icon, title } = items.properties;
      const text = { type: "string", minLength: 1, maxLength: 300 };
      (items as Record<string, unknown>).properties = {
        icon,
        title,
        summary: { ...text, description: "What the promise means, in a phrase." },
        detail: { ...text, description: "The rest of the sentence." },
      };
      (items as Record<string, unknown>).required = ["title", "summary"];
      for (const example of schema.examples as { promises: Record<string, unknown>[] }[])
        for (const promise of example.promises) renameKey(promise, "description", "summary");
    });
    write(
      "blocks/promises/Promises.tsx",
      read("blocks/promises/Promises.tsx").replace(
        "{promise.description}",
        "{promise.detail ? `${promise.summary}, ${promise.detail}` : promise.summary}",
      ),
    );
    write(
      "blocks/promises/Promises.test.tsx",
      read("blocks/promises/Promises.test.tsx").replaceAll("description:", "summary:"),
    );
    write(
      "blocks/promises/migrations/002-split-description.ts",
      `import type { PromisesBlockV1, PromisesBlockV2 } from "../../../contract/generated/block-versions.ts";

export const description = "Each promise's \`description\` is split at its first comma into \`summary\` and \`detail\`.";

export function up(block: PromisesBlockV1): PromisesBlockV2 {
  return {
    ...block,
    promises: block.promises.map(({ description, ...promise }) => {
      const [summary, ...rest] = description.split(", ");
      return rest.length ? { ...promise, summary, detail: rest.join(", ") } : { ...promise, summary };
    }),
  };
}
`,
    );
    const changed = await migrateInProcess({ files: 1, blocks: 1 });
    expect(changed.map(({ name }) => name)).toEqual(["site-config/pages/our-approach.json"]);
    expect(read("site-config/pages/our-approach.json")).toContain('"detail": "your agents and your customers');
  });

  it("retires a block type in favour of another, and an older branch's page is migrated through every version", async () => {
    await scaffoldMigration({ type: "promises", name: "into-checklist", projectDir: copy });
    write(
      "blocks/promises/migrations/003-into-checklist.ts",
      `import type { PromisesBlockV2 } from "../../../contract/generated/block-versions.ts";
import type { ChecklistBlock } from "../../../contract/generated/authored-types.ts";

export const description = "Retired: each promises block becomes a checklist of its promises.";

export function up({ promises, lead, ...block }: PromisesBlockV2): ChecklistBlock {
  const items = promises.map((p) => ({ ...(p.icon ? { icon: p.icon } : {}), text: \`\${lead ? \`\${lead} \` : ""}\${p.title}: \${p.summary}\`.slice(0, 160) }));
  return { ...block, type: "checklist", items };
}
`,
    );
    write(
      "blocks/promises/migrations/003-into-checklist.test.ts",
      read("blocks/promises/migrations/003-into-checklist.test.ts").replace(
        /import type \{ PromisesBlockV2, PromisesBlockV3 \} from "([^"]+)";/,
        'import type { PromisesBlockV2 } from "$1";\nimport type { ChecklistBlock as PromisesBlockV3 } from "../../../contract/generated/authored-types.ts";',
      ),
    );
    for (const entry of fs.readdirSync(file("blocks/promises")))
      if (entry !== "migrations") fs.rmSync(file(`blocks/promises/${entry}`), { recursive: true });
    write("site-config/pages/branch.json", branchPage());
    // The build regenerates what the four changes need (types, the block union, docs/blocks.md), then its validation
    // refuses the branch's page, one message per older block.
    const refusedBuild = spawnSync("npm", ["run", "build"], {
      cwd: copy,
      encoding: "utf8",
      env: { ...process.env, CI: "" },
    });
    expect(refusedBuild.status).not.toBe(0);
    const lines = refusedBuild.stderr.split("\n").filter((line) => line.includes("branch.json"));
    expect(lines.map((line) => line.replace(/^([\w/.-]+):\d+:\d+/, "$1"))).toEqual([
      "site-config/pages/branch.json  /blocks/0  MIG001 `/blocks/0` is a 'video' block of version 1; the site is at version 2 (caption-to-note): run `npm run migrate`",
      "site-config/pages/branch.json  /blocks/1  MIG001 `/blocks/1` is a 'stats' block of version 1; the site is at version 2 (summary): run `npm run migrate`",
      "site-config/pages/branch.json  /blocks/2  MIG001 `/blocks/2` is a 'promises' block of version 1; the site is at version 3 (split-description, into-checklist): run `npm run migrate`",
    ]);
    expect(read("docs/blocks.md")).toContain("### promises");

    const changed = await migrateInProcess({ files: 2, blocks: 4 });
    expect(changed.map(({ name }) => name).sort()).toEqual([
      "site-config/pages/branch.json",
      "site-config/pages/our-approach.json",
    ]);
    expect(JSON.parse(read("site-config/pages/branch.json")).blocks[2]).toEqual({
      type: "checklist",
      heading: "What you can count on",
      items: [{ text: "Supported: A named team" }, { text: "Improving: Tuned every week." }],
    });
  });

  it("type-checks and builds after the four changes", () => {
    expect(reactRouter(["typegen"]).status).toBe(0);
    const typed = spawnSync(process.execPath, [path.join(copy, "node_modules/typescript/bin/tsc"), "-p", copy], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(typed.stdout).toBe("");
    expect(typed.status).toBe(0);
    const built = reactRouter(["build"], {
      BUILD_DIR: path.join(copy, "build"),
      PRERENDER_ONLY: "/branch",
      PREVIEW_CARDS: "off",
    });
    expect(built.status, built.stderr).toBe(0);
  });
});
