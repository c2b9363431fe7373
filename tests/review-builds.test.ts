// @vitest-environment node
/**
 * When the review renders the head's pages with the base's code instead of building the site again: a change to
 * site-config/ alone, naming the same icons, on a base build that kept its server build. A repository holding a copy
 * of the project's content, one base commit, the change in the working tree.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affectedRoutes } from "../scripts/pipeline/affected.ts";
import { ROOT } from "../toolchain/paths.ts";
import { rendersWithBaseCode } from "../scripts/review/builds.ts";
import { validateConfig } from "../toolchain/validate.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "review-builds-"));
const repo = path.join(scratch, "repo");
/** A base build with its server build kept, and one without. */
const withServer = path.join(scratch, "build-with-server");
const withoutServer = path.join(scratch, "build-without-server");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
const PILOT = "site-config/pages/free-pilot.json";

function edit(change: (text: string) => string) {
  const file = path.join(repo, PILOT);
  fs.writeFileSync(file, change(fs.readFileSync(file, "utf8")));
}

/** The condition, on the working tree's change, with the head's icons as the review has them. */
function renders(baseDir: string): boolean {
  const affected = affectedRoutes({ base: "main", cwd: repo });
  const headIcons = validateConfig({
    configDir: path.join(repo, "site-config"),
    publicDir: path.join(ROOT, "public"),
  }).icons;
  return rendersWithBaseCode(repo, affected, baseDir, headIcons);
}

beforeAll(() => {
  fs.cpSync(path.join(ROOT, "site-config"), path.join(repo, "site-config"), { recursive: true });
  git("init", "-q", "-b", "main");
  git("config", "user.email", "review@voxa.example");
  git("config", "user.name", "Review test");
  git("add", "-A");
  git("commit", "-q", "-m", "base");
  fs.mkdirSync(path.join(withServer, "server"), { recursive: true });
  fs.writeFileSync(path.join(withServer, "server", "index.js"), "");
  fs.mkdirSync(withoutServer);
});

describe("the head of a review is rendered with the base's code", () => {
  it("for a text change to one page", () => {
    edit((text) => text.replace(/"title": "([^"]+)"/, '"title": "$1, today"'));
    expect(renders(withServer)).toBe(true);
  });

  it("not when the base build has no server build to render with", () => {
    expect(renders(withoutServer)).toBe(false);
  });

  it("not when the content names an icon the base's bundles lack", () => {
    edit((text) => text.replace('"icon": "bot"', '"icon": "anchor"'));
    expect(renders(withServer)).toBe(false);
    edit((text) => text.replace('"icon": "anchor"', '"icon": "bot"'));
    expect(renders(withServer)).toBe(true);
  });

  it("not when a file outside site-config/ changes", () => {
    fs.mkdirSync(path.join(repo, "blocks", "stats"), { recursive: true });
    fs.writeFileSync(path.join(repo, "blocks", "stats", "Stats.tsx"), "export default function Stats() {}\n");
    expect(renders(withServer)).toBe(false);
  });
});
