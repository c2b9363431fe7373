// @vitest-environment node
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatNotice, generationLines } from "../contract/errors.ts";
import { scaffoldMigration } from "../toolchain/scaffold-migration.ts";
import { stampFile } from "../scripts/pipeline/gen-stamp.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "gen-"));
/** A copy of what `npm run gen` reads and writes, with the installed packages linked. */
const copy = path.join(scratch, "project");

beforeAll(() => {
  for (const entry of [
    "blocks",
    "schemas",
    "contract",
    "site-config",
    "public",
    "renderer",
    "kit",
    "toolchain",
    "imaging",
    "scripts",
    "docs",
  ])
    fs.cpSync(path.join(root, entry), path.join(copy, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}generated`),
    });
  for (const file of [
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    ".prettierrc.json",
    "react-router.config.ts",
    "vite.config.ts",
  ])
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  fs.symlinkSync(fs.realpathSync(path.join(root, "node_modules")), path.join(copy, "node_modules"), "dir");
});
afterAll(() => {
  fs.rmSync(stampFile(copy), { force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

const gen = () =>
  spawnSync(path.join(copy, "node_modules", ".bin", "tsx"), ["scripts/gen.ts"], {
    cwd: copy,
    encoding: "utf8",
  });

describe("npm run gen", () => {
  it("writes what follows from the block folders, then finds it up to date and runs nothing", () => {
    const first = gen();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/✔ generated from \d+ block folders: types, registry, schemas\/block\.schema\.json/);
    expect(fs.existsSync(path.join(copy, "renderer/generated/block-components.ts"))).toBe(true);
    expect(fs.existsSync(path.join(copy, ".react-router/types/+routes.ts"))).toBe(true);

    const second = gen();
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe(formatNotice(generationLines.upToDate));
  });

  it("finishes with content awaiting a migration, as it is between a block type's change and `npm run migrate`", async () => {
    // docs/migrations.md's steps: scaffold the migration, change the schema (each figure's `value` is now `figure`),
    // then `npm run gen`, with every page that has a 'stats' block still in the older shape.
    await scaffoldMigration({ type: "stats", name: "value-to-figure", projectDir: copy });
    const schema = path.join(copy, "blocks/stats/schema.json");
    fs.writeFileSync(schema, fs.readFileSync(schema, "utf8").replaceAll('"value"', '"figure"'));

    const pending = gen();
    expect(pending.status, pending.stderr).toBe(0);
    expect(pending.stdout).toMatch(
      /^\d+ content files? awaits? a migration \(\d+ blocks? in an older shape\): run `npm run migrate`$/m,
    );
    expect(pending.stderr).not.toMatch(/^\s+at /m);
    expect(pending.stderr).not.toContain("CFG024");
  });
});
