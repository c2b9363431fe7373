/**
 * Whatever the schemas accept renders well: pages generated from every block schema (at its minimum, at its maximum
 * and at random, seeded) are validated, built into one site, served and checked in Chromium at 390 and 1366 px, left to
 * right and right to left (as a right-to-left locale lays them out: no overflow, no error there either).
 *
 * The sample is set by GENERATED_SEED, GENERATED_MAX_VARIANTS and GENERATED_RANDOM (`npm run test:generated` sets
 * them from its options); the defaults are the small sample that `npm run test:whole` runs: per block type,
 * its minimum and one maximum, no random page. The build prerenders the generated pages only (PRERENDER_ONLY): the
 * site's own pages are the main build's, already checked by the other suites. The hand-picked edge cases the fill does
 * not reach (`edgePages`) are built with them and checked at every width, 320 px to 1366 px. The build is
 * site-builds.ts's: started by the global setup when `npm run test:whole` runs, else by this suite.
 */
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startSite, type RunningSite } from "../../scripts/measure/serve.ts";
import { formatProblem, validateConfig } from "../../toolchain/validate.ts";
import { edgePages } from "../support/generate-documents.ts";
import { DESKTOP, MOBILE, NARROWEST, TABLET, launch, openPage, scrollThrough } from "./support/browser.ts";
import { layoutOverflow, seriousAxeViolations } from "./support/layout.ts";
import { flipToRightToLeft } from "./support/right-to-left.ts";
import { GENERATED_SAMPLE, type SiteBuild, generatedPages, removeBuild, siteBuild } from "./support/site-builds.ts";

/**
 * Largest first: the pages are checked five at a time, and the largest (a legal document at its limits) takes minutes
 * to lay out and audit on a busy machine; started first, it runs while the others take turns in the other slots,
 * instead of holding the run once they are done.
 */
const pages = generatedPages().sort((a, b) => JSON.stringify(b.document).length - JSON.stringify(a.document).length);
const edges = edgePages();

let build: SiteBuild | undefined;
let site: RunningSite;
let browser: Browser;

// Building a site of its own takes minutes on a busy machine, beyond the e2e suites' hook timeout.
beforeAll(async () => {
  const built = await siteBuild("generated", inject("siteBuilds").generated);
  build = built;
  const { problems } = validateConfig({ configDir: built.env.SITE_CONFIG_DIR });
  expect(problems.map(formatProblem), "every generated page passes validation").toEqual([]);
  expect(built.outcome.status, `the generated site builds:\n${built.outcome.output}`).toBe(0);
  site = await startSite(built.buildDir, built.env);
  browser = await launch();
  console.log(
    `build of the generated pages: ${built.outcome.seconds} s; ${pages.length} generated pages (seed ${GENERATED_SAMPLE.seed}, ${GENERATED_SAMPLE.maxVariants} max variants and ${GENERATED_SAMPLE.random} random per block type): config in ${path.dirname(built.env.SITE_CONFIG_DIR)}, build in ${built.buildDir}`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (build) removeBuild(build);
});

/**
 * One load per page: checked at 1366 px, then at each narrower width after a resize (a layout that measures itself,
 * such as the carousel, follows the resize). Scrolling through first runs every block's motion and fade-in.
 */
async function check(route: string, viewports = [DESKTOP, MOBILE]) {
  const report: Record<string, string[]> = {};
  const { page, problems } = await openPage(browser, { baseURL: site.url, viewport: DESKTOP });
  await page.goto(route, { waitUntil: "load" });
  for (const { width, height } of viewports) {
    await page.setViewportSize({ width, height });
    await scrollThrough(page);
    report[`${width} px: overflow`] = await layoutOverflow(page);
    report[`${width} px: axe`] = await seriousAxeViolations(page);
  }
  report.errors = problems;
  await page.context().close();

  // The same page as a right-to-left locale shows it: whole at each width too.
  const flipped = await openPage(browser, { baseURL: site.url, viewport: DESKTOP });
  await flipToRightToLeft(flipped.page);
  await flipped.page.goto(route, { waitUntil: "load" });
  for (const { width, height } of viewports) {
    await flipped.page.setViewportSize({ width, height });
    await scrollThrough(flipped.page);
    report[`${width} px right to left: overflow`] = await layoutOverflow(flipped.page);
  }
  report["right to left: errors"] = flipped.problems;
  await flipped.page.context().close();
  return report;
}

describe.concurrent.each(pages)("$name", ({ path: route }) => {
  it(`at ${DESKTOP.width} and ${MOBILE.width} px, both directions: no error, no horizontal overflow, no serious or critical axe violation`, async () => {
    const report = await check(route);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((key) => [key, []])));
    // Pages run side by side, and the longest (a legal document at its limits) takes a while to lay out and audit.
  }, 600_000);
});

const EVERY_WIDTH = [DESKTOP, TABLET, MOBILE, NARROWEST];
describe.concurrent.each(edges)("$name", ({ path: route }) => {
  it(`at ${EVERY_WIDTH.map(({ width }) => width).join(", ")} px, both directions: no error, no horizontal overflow, no serious or critical axe violation`, async () => {
    const report = await check(route, EVERY_WIDTH);
    expect(report).toEqual(Object.fromEntries(Object.keys(report).map((key) => [key, []])));
  }, 600_000);
});
