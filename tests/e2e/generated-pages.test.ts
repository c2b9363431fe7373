/**
 * Whatever the schemas accept renders well: pages generated from every block schema (at its minimum, at its maximum
 * and at random, seeded) are validated, built into one site, served and checked in Chromium at 390 and 1366 px.
 *
 * The sample is set by GENERATED_SEED, GENERATED_MAX_VARIANTS and GENERATED_RANDOM (`npm run test:generated` sets
 * them from its options); the defaults are the small sample that CI runs inside `npm run test:e2e`: per block type,
 * its minimum and one maximum, no random page. The build prerenders the generated pages only (PRERENDER_ONLY): the
 * site's own pages are the main build's, already checked by the other suites. The hand-picked edge cases the fill does
 * not reach (`edgePages`) are built with them and checked at every width, 320 px to 1366 px.
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
import { edgePages, generatePages, writeGeneratedConfig } from "../support/generate-documents.ts";
import { DESKTOP, MOBILE, NARROWEST, TABLET, launch, openPage, scrollThrough } from "./support/browser.ts";
import { layoutOverflow, seriousAxeViolations } from "./support/layout.ts";

const SAMPLE = {
  seed: Number(process.env.GENERATED_SEED ?? 20261123),
  maxVariants: Number(process.env.GENERATED_MAX_VARIANTS ?? 1),
  random: Number(process.env.GENERATED_RANDOM ?? 0),
};
const pages = generatePages(SAMPLE);
const edges = edgePages();

let work: string;
let buildDir: string;
let site: RunningSite;
let browser: Browser;

// Validating and building a site of its own takes minutes on a busy machine, beyond the e2e suites' hook timeout.
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-generated-"));
  const configDir = path.join(work, "site-config");
  writeGeneratedConfig(CONFIG_DIR, configDir, [...pages, ...edges]);
  // The schemas live beside site-config/ for the `$schema` check of the validator.
  fs.symlinkSync(path.join(ROOT, "schemas"), path.join(work, "schemas"));
  const { problems } = validateConfig({ configDir });
  expect(problems.map(formatProblem), "every generated page passes validation").toEqual([]);
  // Inside the project, so that the prerenderer's server bundle resolves its packages from node_modules/.
  fs.mkdirSync(path.join(ROOT, "node_modules", ".cache"), { recursive: true });
  buildDir = fs.mkdtempSync(path.join(ROOT, "node_modules", ".cache", "generated-pages-"));
  const started = Date.now();
  const build = spawnSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    // Without preview cards: nothing here looks at them, and each generated page would render one.
    env: {
      ...process.env,
      SITE_CONFIG_DIR: configDir,
      BUILD_DIR: buildDir,
      PRERENDER_ONLY: "/generated/",
      PREVIEW_CARDS: "off",
    },
    encoding: "utf8",
  });
  expect(build.status, `the generated site builds:\n${(build.stderr || build.stdout).slice(-3000)}`).toBe(0);
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  site = await startSite(buildDir);
  browser = await launch();
  console.log(
    `build of the generated pages: ${buildSeconds} s; ${pages.length} generated pages (seed ${SAMPLE.seed}, ${SAMPLE.maxVariants} max variants and ${SAMPLE.random} random per block type): config in ${work}, build in ${buildDir}`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (process.env.GENERATED_KEEP) return;
  for (const dir of [work, buildDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * One load per page: checked at 1366 px, then at each narrower width after a resize (a layout that measures itself,
 * such as the carousel, follows the resize). Scrolling through first runs every block's motion and fade-in.
 */
async function check(route: string, viewports = [DESKTOP, MOBILE]) {
  const { page, problems } = await openPage(browser, { baseURL: site.url, viewport: DESKTOP });
  const report: Record<string, string[]> = {};
  await page.goto(route, { waitUntil: "load" });
  for (const { width, height } of viewports) {
    await page.setViewportSize({ width, height });
    await scrollThrough(page);
    report[`${width} px: overflow`] = await layoutOverflow(page);
    report[`${width} px: axe`] = await seriousAxeViolations(page);
  }
  report.errors = problems;
  await page.context().close();
  return report;
}

describe.concurrent.each(pages)("$name", ({ path: route }) => {
  it(`at ${DESKTOP.width} and ${MOBILE.width} px: no error, no horizontal overflow, no serious or critical axe violation`, async () => {
    const report = await check(route);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((key) => [key, []])));
    // Pages run side by side, and the longest (a legal document at its limits) takes a while to lay out and audit.
  }, 600_000);
});

const EVERY_WIDTH = [DESKTOP, TABLET, MOBILE, NARROWEST];
describe.concurrent.each(edges)("$name", ({ path: route }) => {
  it(`at ${EVERY_WIDTH.map(({ width }) => width).join(", ")} px: no error, no horizontal overflow, no serious or critical axe violation`, async () => {
    const report = await check(route, EVERY_WIDTH);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((key) => [key, []])));
  }, 600_000);
});
