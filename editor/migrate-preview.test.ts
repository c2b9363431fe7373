// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scaffoldMigration } from "../toolchain/scaffold-migration.ts";
import { type EditorServer, startEditor } from "./server.ts";
import { copyProject } from "../tests/support/editor/test-project.ts";

/** A copy of the project where each 'stats' figure's `value` became `figure`, its pages left in the older shape. */
const HOME = "site-config/pages/home.json";
const project = copyProject();
let editor: EditorServer;

beforeAll(async () => {
  const [, migration] = await scaffoldMigration({ type: "stats", name: "value-to-figure", projectDir: project.dir });
  fs.writeFileSync(
    migration,
    `export const description = "Each figure's value is now figure.";
export const up = (block) => ({ ...block, stats: block.stats.map(({ value, ...stat }) => ({ ...stat, figure: value })) });
`,
  );
  const schema = path.join(project.dir, "blocks/stats/schema.json");
  fs.writeFileSync(schema, fs.readFileSync(schema, "utf8").replaceAll('"value"', '"figure"'));
  editor = await startEditor({ projectDir: project.dir });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  project.remove();
});

const post = (pathname: string, body: unknown) =>
  fetch(`${editor.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: editor.url, "x-editor-token": editor.token },
    body: JSON.stringify(body),
  });

it("says which blocks are older, and returns the page migrated without writing it", async () => {
  const before = fs.readFileSync(path.join(project.dir, HOME), "utf8");
  const value = JSON.parse(before) as { blocks: { type: string; stats?: object[] }[] };
  const checked = (await (await post("/api/validate", { file: HOME, value })).json()) as {
    problems: { code: string; message: string }[];
  };
  expect(checked.problems.map((p) => `${p.code} ${p.message}`)).toEqual([
    "MIG001 `/blocks/4` is a 'stats' block of version 1; the site is at version 2 (value-to-figure): run `npm run migrate`",
  ]);

  const response = await post("/api/migrate-preview", { file: HOME, value });
  expect(response.status).toBe(200);
  const migrated = (await response.json()) as { value: typeof value };
  expect(migrated.value.blocks[4].stats?.[0]).toEqual({
    figure: 70,
    suffix: "%",
    label: "Resolution",
    description: "Enquiries resolved end to end, without a human handoff.",
    icon: "check-circle",
  });
  const after = (await (await post("/api/validate", { file: HOME, value: migrated.value })).json()) as {
    problems: unknown[];
  };
  expect(after.problems).toEqual([]);
  expect(fs.readFileSync(path.join(project.dir, HOME), "utf8")).toBe(before);
});
