// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_DIR } from "../toolchain/paths.ts";
import { formatProblem, validateConfig } from "../toolchain/validate.ts";
import { BEHAVIOURS_FIXTURES, BEHAVIOURS_PREFIX, writeBehavioursConfig } from "./support/behaviour-pages.ts";
import { writeFixturePublic } from "./support/fixture-pictures.ts";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "behaviour-pages-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe("the browser suites' own pages (tests/e2e/fixtures/behaviours/)", () => {
  it("pass validation beside the site's pages, cross-checks included, each under the suite's prefix", async () => {
    const configDir = path.join(scratch, "site-config");
    const publicDir = path.join(scratch, "public");
    writeBehavioursConfig(CONFIG_DIR, configDir);
    // Their pictures, made as the suites' builds make them (never committed).
    await writeFixturePublic(publicDir);
    expect(validateConfig({ configDir, publicDir }).problems.map(formatProblem)).toEqual([]);
    for (const file of fs.readdirSync(BEHAVIOURS_FIXTURES)) {
      const { path: route } = JSON.parse(fs.readFileSync(path.join(BEHAVIOURS_FIXTURES, file), "utf8")) as {
        path: string;
      };
      expect(route, file).toBe(`${BEHAVIOURS_PREFIX}${path.basename(file, ".json")}`);
    }
  });
});
