// @vitest-environment node
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readContentFiles } from "../contract/content.server.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "validate-cli-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// A repository's content with one broken link, checked by the command itself as CI runs it.
const configDir = path.join(scratch, "site-config");
fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
fs.copyFileSync(
  path.join(root, "tests/fixtures/broken-link/pages/fixture.json"),
  path.join(configDir, "pages/fixture.json"),
);
/** The pages validation checks: the content's (each locale's translations too) and the fixture's. */
const PAGES = ((content) => content.pages.length + content.locales.flatMap((locale) => locale.pages).length)(
  readContentFiles(configDir),
);

const CI_VARIABLES = [
  "GITHUB_ACTIONS",
  "GITHUB_STEP_SUMMARY",
  "GITHUB_SERVER_URL",
  "GITHUB_REPOSITORY",
  "GITHUB_SHA",
  "CI_PROJECT_URL",
];

const npmRunValidate = (args: string[], env: Record<string, string>) =>
  spawnSync("npm", ["run", "validate", "--", ...args], {
    cwd: root,
    // Whatever CI runs these tests, the command sees only the variables each test sets.
    env: {
      ...process.env,
      ...Object.fromEntries(CI_VARIABLES.map((name) => [name, ""])),
      SITE_CONFIG_DIR: configDir,
      ...env,
    },
    encoding: "utf8",
  });

describe("npm run validate, as CI runs it", () => {
  it("annotates on GitHub Actions and appends the problems to the job summary", () => {
    const summary = path.join(scratch, "summary.md");
    const { stdout, stderr, status } = npmRunValidate([], { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary });
    expect(stdout.split("\n").filter((line) => line.startsWith("::"))).toEqual([
      "::error file=site-config/pages/fixture.json,line=13,col=11,endLine=13,endColumn=29,title=CFG016 Link to no page::" +
        "link '/contcat' points to no page — did you mean '/contact'?%0A" +
        "Fix the address; it must be the `path` of a page, or a file under public/.",
    ]);
    expect(stderr).toMatch(new RegExp(`^✖ 1 problem in site-config/ \\(${PAGES} pages checked in \\d+ ms\\)$`, "m"));
    expect(fs.readFileSync(summary, "utf8")).toContain("| site-config/pages/fixture.json:13:11 |");
    expect(status).toBe(1);
  });

  it("writes the SARIF log to the --output file, and nothing of npm's banner into it", () => {
    const file = path.join(scratch, "validate.sarif");
    const { status } = npmRunValidate(["--format", "sarif", "--output", file], {});
    const log = JSON.parse(fs.readFileSync(file, "utf8")) as { version: string; runs: { results: unknown[] }[] };
    expect([log.version, log.runs[0].results.length, status]).toEqual(["2.1.0", 1, 1]);
  });
});
