import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";

const root = path.resolve(import.meta.dirname, "..");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "validation-cache-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const configDir = path.join(scratch, "site-config");
const publicDir = path.join(scratch, "public");
fs.cpSync(path.join(root, "site-config"), configDir, { recursive: true });
fs.cpSync(path.join(root, "public"), publicDir, { recursive: true });
const report = () => validateConfig({ configDir, publicDir }).problems.map(formatProblem);

describe("validation kept for the process", () => {
  it("is done once for files that have not changed", () => {
    expect(validateConfig({ configDir, publicDir })).toBe(validateConfig({ configDir, publicDir }));
  });

  it("follows a page that changes and a file added to public/", () => {
    expect(report()).toEqual([]);
    fs.copyFileSync(
      path.join(root, "tests/fixtures/missing-asset/pages/about.json"),
      path.join(configDir, "pages/about.json"),
    );
    expect(report()).toEqual(
      fs.readFileSync(path.join(root, "tests/fixtures/missing-asset/expected.txt"), "utf8").trim().split("\n"),
    );
    fs.mkdirSync(path.join(publicDir, "images"));
    fs.copyFileSync(path.join(publicDir, "media/demo-poster.jpg"), path.join(publicDir, "images/missing-share.png"));
    expect(report()).toEqual([]);
  });
});
