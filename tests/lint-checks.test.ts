import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lintErrors } from "../contract/errors.ts";
import { ESLINT_CACHE, keepLintState, restoreLintState, runChecks } from "../scripts/lint/lint-checks.ts";
import { PRETTIER_CHECKED, checkFormatting } from "../scripts/lint/prettier-check.ts";

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

  it("moves ESLint's cache to the next clone's folder, and keeps the type-check's and Prettier's as they are", () => {
    const first = clone("first");
    const next = clone("next");
    const state = path.join(scratch, "kept");
    fs.writeFileSync(path.join(first, ESLINT_CACHE), eslintEntry(first));
    fs.writeFileSync(path.join(first, ".cache/tsconfig.tsbuildinfo"), '{"root":["../kit/theme.ts"]}');
    fs.writeFileSync(path.join(first, PRETTIER_CHECKED), '{"kit/theme.ts":"0a1b"}');
    keepLintState(state, first);
    restoreLintState(state, next);
    expect(fs.readFileSync(path.join(next, ESLINT_CACHE), "utf8")).toBe(eslintEntry(next));
    expect(fs.readFileSync(path.join(next, ".cache/tsconfig.tsbuildinfo"), "utf8")).toBe(
      '{"root":["../kit/theme.ts"]}',
    );
    expect(fs.readFileSync(path.join(next, PRETTIER_CHECKED), "utf8")).toBe('{"kit/theme.ts":"0a1b"}');
  });

  it("restores nothing where nothing was kept", () => {
    const root = clone("nothing-kept");
    restoreLintState(path.join(scratch, "never-kept"), root);
    expect(fs.readdirSync(path.join(root, ".cache", "eslint"))).toEqual([]);
  });
});

describe("the Prettier check", () => {
  const project = path.join(scratch, "formatted");
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    fs.writeFileSync(path.join(project, file), text);
  };
  const git = (...args: string[]) => execFileSync("git", args, { cwd: project, stdio: "ignore" });

  it("checks git's files that Prettier formats, less the ignored ones, and names the unformatted and unreadable", async () => {
    write(".prettierrc.json", '{ "printWidth": 120 }\n');
    write(".gitignore", "out/\n.cache/\n");
    write(".prettierignore", "vendor/\n");
    write("kit/formatted.ts", "export const one = 1;\n");
    write("kit/loose.ts", "export const  two=2\n");
    write("kit/broken.ts", "export const = ;\n");
    write("vendor/theirs.ts", "export const  three=3\n");
    write("out/built.ts", "export const  four=4\n");
    write("notes.bin", "not a format Prettier knows");
    git("init", "-q");
    git("add", "kit/formatted.ts", ".prettierrc.json");
    const first = await checkFormatting(project);
    expect(first.unformatted).toEqual(["kit/loose.ts"]);
    expect(first.unparsable.map(({ file }) => file)).toEqual(["kit/broken.ts"]);
    expect(first.unparsable[0].reason).toBe("Variable declaration expected. (1:14)");
    expect(first).toMatchObject({ checked: 4, kept: 0 });
  });

  it("checks again only what changed since a file was found formatted: its text, or its options", async () => {
    write("kit/loose.ts", "export const two = 2;\n");
    write("kit/broken.ts", "export const three = 3;\n");
    expect(await checkFormatting(project)).toEqual({ unformatted: [], unparsable: [], checked: 4, kept: 2 });
    expect(await checkFormatting(project)).toEqual({ unformatted: [], unparsable: [], checked: 4, kept: 4 });
    write(".prettierrc.json", '{ "printWidth": 120, "semi": false }\n');
    const changed = await checkFormatting(project);
    expect(changed.unformatted).toEqual(["kit/broken.ts", "kit/formatted.ts", "kit/loose.ts"]);
    expect(changed.kept).toBe(0);
  });
});
