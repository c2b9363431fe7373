// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatNotice, generationLines } from "../contract/errors.ts";
import { type Validators, createValidators } from "../contract/schemas.server.ts";
import { copyProject } from "./support/editor/test-project.ts";
import { pendingContent } from "../scripts/pipeline/pending-content.ts";
import { scaffoldMigration } from "../toolchain/scaffold-migration.ts";

/**
 * A copy of the project at the step of docs/migrations.md where `npm run gen` runs: the 'stats' block's migration is
 * scaffolded and its schema changed (each figure's `value` is now `figure`), the content not yet migrated.
 */
const project = copyProject();
afterAll(project.remove);
let validators: Validators;

beforeAll(async () => {
  await scaffoldMigration({ type: "stats", name: "value-to-figure", projectDir: project.dir });
  const file = path.join(project.dir, "blocks/stats/schema.json");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replaceAll('"value"', '"figure"'));
  validators = createValidators(project.dir);
});

const v1 = { type: "stats", stats: [{ value: 70, suffix: "%", label: "Resolution" }] };
const v2 = { type: "stats", stats: [{ figure: 70, suffix: "%", label: "Resolution" }] };
const page = (name: string, blocks: unknown[]) =>
  JSON.stringify({ path: `/${name}`, title: name, description: name, blocks });

describe("npm run gen with content awaiting a migration", () => {
  it("counts the blocks in an older shape and the pages that hold them", () => {
    const pages = [page("one", [v1, v2, v1]), page("two", [v1]), page("migrated", [v2])];
    expect(pendingContent(pages, validators)).toEqual({ blocks: 3, files: 2 });
  });

  it("leaves out texts that are not JSON or hold no blocks, and blocks no version accepts", () => {
    const pages = ["{ not json", "null", '{ "path": "/empty" }', page("invalid", [{ type: "stats", stats: "none" }])];
    expect(pendingContent(pages, validators)).toEqual({ blocks: 0, files: 0 });
  });

  it("says how many content files (pages, sections) await a migration and what to run", () => {
    expect(formatNotice(generationLines.migrationPending, { files: 2, blocks: 3 })).toBe(
      "2 content files await a migration (3 blocks in an older shape): run `npm run migrate`",
    );
    expect(formatNotice(generationLines.migrationPending, { files: 1, blocks: 1 })).toBe(
      "1 content file awaits a migration (1 block in an older shape): run `npm run migrate`",
    );
  });
});
