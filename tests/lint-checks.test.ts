import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lintErrors } from "../contract/errors.ts";
import { ESLINT_CACHE, keepLintState, restoreLintState, runChecks } from "../scripts/lint/lint-checks.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lint-state-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("npm run lint's checks, side by side", () => {
  it("writes each check's output whole, in order, and names the one that failed with its command and status", async () => {
    const written: string[] = [];
    const passed = await runChecks(
      [
        { check: "Fails", command: ["tsc", "--no-such-option"] },
        { check: "Passes", command: ["tsc", "--version"] },
      ],
      (text) => written.push(text),
    );
    expect(passed).toBe(false);
    expect(written).toHaveLength(3);
    expect(written[0]).toContain("no-such-option");
    expect(written[1]).toBe(
      `✖ ${lintErrors.checkFailed.code} Fails (tsc --no-such-option) exited with status 1\n  ${lintErrors.checkFailed.hint}\n`,
    );
    expect(written[2]).toMatch(/^Version \d+\.\d+\.\d+\n$/);
  });

  it("passes when every check passed", async () => {
    expect(await runChecks([{ check: "Passes", command: ["tsc", "--version"] }], () => {})).toBe(true);
  });
});

describe("the lint's state kept between the gate's runs", () => {
  const clone = (name: string) => {
    const root = path.join(scratch, name, 'voxa "site"');
    fs.mkdirSync(path.join(root, ".cache", "eslint"), { recursive: true });
    return root;
  };
  const eslintEntry = (root: string) => JSON.stringify({ [path.join(root, "kit", "theme.ts")]: "1" });

  it("moves ESLint's cache to the next clone's folder, and keeps the type-check's as it is", () => {
    const first = clone("first");
    const next = clone("next");
    const state = path.join(scratch, "kept");
    fs.writeFileSync(path.join(first, ESLINT_CACHE), eslintEntry(first));
    fs.writeFileSync(path.join(first, ".cache/tsconfig.tsbuildinfo"), '{"root":["../kit/theme.ts"]}');
    keepLintState(state, first);
    restoreLintState(state, next);
    expect(fs.readFileSync(path.join(next, ESLINT_CACHE), "utf8")).toBe(eslintEntry(next));
    expect(fs.readFileSync(path.join(next, ".cache/tsconfig.tsbuildinfo"), "utf8")).toBe(
      '{"root":["../kit/theme.ts"]}',
    );
  });

  it("restores nothing where nothing was kept", () => {
    const root = clone("nothing-kept");
    restoreLintState(path.join(scratch, "never-kept"), root);
    expect(fs.readdirSync(path.join(root, ".cache", "eslint"))).toEqual([]);
  });
});
