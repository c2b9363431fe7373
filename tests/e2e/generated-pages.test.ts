/**
 * Whatever the schemas accept renders well: pages generated from every block schema (at its minimum, at its maximum
 * and at random, seeded) are validated, built into one site, served and checked in Chromium at 390 and 1366 px.
 *
 * The sample is set by GENERATED_SEED, GENERATED_MAX_VARIANTS and GENERATED_RANDOM (`npm run test:generated` sets
 * them from its options); the defaults are the small sample that CI runs.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIG_DIR, ROOT } from "../../scripts/lib/paths.ts";
import { startSite, type RunningSite } from "../../scripts/lib/serve.ts";
import { formatProblem, validateConfig } from "../../scripts/lib/validate.ts";
import { generatePages, writeGeneratedConfig } from "../support/generate-documents.ts";
import { DESKTOP, MOBILE, launch, openPage, scrollThrough } from "./support/browser.ts";
import { layoutOverflow, seriousAxeViolations } from "./support/layout.ts";

const SAMPLE = {
  seed: Number(process.env.GENERATED_SEED ?? 20261123),
  maxVariants: Number(process.env.GENERATED_MAX_VARIANTS ?? 2),
  random: Number(process.env.GENERATED_RANDOM ?? 1),
};
const pages = generatePages(SAMPLE);

let work: string;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-generated-"));
  const configDir = path.join(work, "site-config");
  writeGeneratedConfig(CONFIG_DIR, configDir, pages);
  // The schemas live beside site-config/ for the `$schema` check of the validator.
  fs.symlinkSync(path.join(ROOT, "schemas"), path.join(work, "schemas"));
  const { problems } = validateConfig({ configDir });
  expect(problems.map(formatProblem), "every generated page passes validation").toEqual([]);
  const buildDir = path.join(work, "build");
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    env: { ...process.env, SITE_CONFIG_DIR: configDir, BUILD_DIR: buildDir },
    encoding: "utf8",
  });
  expect(build.status, `the generated site builds:\n${(build.stderr || build.stdout).slice(-3000)}`).toBe(0);
  site = await startSite(buildDir);
  browser = await launch();
  console.log(
    `${pages.length} generated pages (seed ${SAMPLE.seed}, ${SAMPLE.maxVariants} max variants and ${SAMPLE.random} random per block type) in ${work}`,
  );
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (work && !process.env.GENERATED_KEEP) fs.rmSync(work, { recursive: true, force: true });
});

const viewports = [
  { ...MOBILE, mobile: true },
  { ...DESKTOP, mobile: false },
];

describe.concurrent.each(pages)("$name", ({ path: route }) => {
  it.each(viewports)(
    "at $width px: no error, no horizontal overflow, no serious or critical axe violation",
    async ({ width, height, mobile }) => {
      const { page, problems } = await openPage(browser, {
        baseURL: site.url,
        viewport: { width, height },
        isMobile: mobile,
        hasTouch: mobile,
      });
      await page.goto(route, { waitUntil: "networkidle" });
      await scrollThrough(page);
      const report = {
        errors: problems,
        overflow: await layoutOverflow(page),
        axe: await seriousAxeViolations(page),
      };
      await page.context().close();
      expect(report).toEqual({ errors: [], overflow: [], axe: [] });
    },
  );
});
