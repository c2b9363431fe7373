// @vitest-environment node
/**
 * `npm run new:page` and the block reference's check as commands, each run in a process of its own: what they print,
 * and their exit status. What they do is tests/scaffold.test.ts's, in-process.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freeSlug } from "./support/editor/test-project.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "scaffold-cli-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let copies = 0;
function copyConfig() {
  const configDir = path.join(scratch, `copy-${++copies}`, "site-config");
  fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
  return configDir;
}

const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });

describe("npm run new:page", () => {
  it("works from the command line, and says what to do next", () => {
    const configDir = copyConfig();
    const env = { SITE_CONFIG_DIR: configDir };
    const slug = freeSlug(path.join(configDir, "pages"), "industries", "marine-insurance");
    const args = ["--template", "industry", "--slug", slug, "--name", "Marine Insurance"];
    const created = run("new-page.ts", args, env);
    expect(created.status).toBe(0);
    expect(created.stdout.split("\n")[0]).toBe(
      `✔ created ${path.relative(root, path.join(configDir, `pages/industries/${slug}.json`))} (page /industries/${slug}) from the 'industry' template; it is valid.`,
    );
    expect(created.stdout).toContain(`npm run dev, then open http://localhost:5173/industries/${slug}`);
    const again = run("new-page.ts", args, env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`✖ NEW004 site-config/pages/industries/${slug}.json already exists\n`);
  });

  it("asks for the missing answers, or says how to give them when there is no terminal", () => {
    const result = run("new-page.ts", ["--template", "industry"], { SITE_CONFIG_DIR: copyConfig() });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "✖ NEW006 --template, --slug and --name are all needed when not run in a terminal.",
    );
  });
});

// That docs/blocks.md is up to date is the gate's `npm run docs:check`, run before the unit tier.
describe("npm run docs:check's block reference", () => {
  it("fails the check when stale, naming the fix", () => {
    const stale = path.join(scratch, "blocks.md");
    fs.writeFileSync(stale, "# Block reference\n");
    const result = run("generate-docs.ts", ["--check", "--out", stale]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("✖ GEN001 ");
    expect(result.stderr).toContain("is out of date — run `npm run gen && npm run docs` and commit the result");
  });
});
