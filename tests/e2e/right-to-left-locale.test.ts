/**
 * A right-to-left locale as its visitors get it: the three-locale fixture site (tests/locale-site/: English, German,
 * Arabic) built as written and served by `npm start`, every Arabic route and the locale's not-found page opened at a
 * phone's and a laptop's width. Each comes out in its language and direction from the server (`<html lang="ar"
 * dir="rtl">`), mirrored and whole, with no console error, no hydration mismatch and no serious axe violation.
 *
 * It serves a site build of its own (site-builds.ts, `locales`), which the global setup starts ahead with the tier.
 * E2E_SHOTS_DIR keeps screenshots of the locale's home page at both widths (`rtl-locale-390.png`, `-1366.png`).
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { type RunningSite, startSite } from "../../scripts/measure/serve.ts";
import { DESKTOP, MOBILE, launch, openPage, scrollThrough } from "./support/browser.ts";
import { expectMirroredAndWhole } from "./support/right-to-left.ts";
import { type SiteBuild, removeBuild, siteBuild } from "./support/site-builds.ts";

const LOCALE = { code: "ar", prefix: "ar" };

/** The build this suite started itself (none when the global setup started it ahead, and its teardown removes it). */
let build: SiteBuild | undefined;
let site: RunningSite;
let browser: Browser;
/** The locale's routes, as the build wrote them, and an address it has no page for (its not-found page). */
let routes: string[] = [];

beforeAll(async () => {
  const ahead = inject("siteBuilds").locales;
  const built = await siteBuild("locales", ahead);
  if (!ahead) build = built;
  expect(built.outcome.status, `the site builds:\n${built.outcome.output}`).toBe(0);
  const localeDir = path.join(built.buildDir, "client", LOCALE.prefix);
  routes = [
    ...fs
      .readdirSync(localeDir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith("index.html") && !file.startsWith("404"))
      .map((file) => `/${LOCALE.prefix}/${path.dirname(file)}`.replace(/\/\.$/, "")),
    `/${LOCALE.prefix}/no-such-page`,
  ].sort();
  site = await startSite(built.buildDir, built.env);
  browser = await launch();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (build) removeBuild(build);
});

describe("a right-to-left locale's pages, built and served", () => {
  it("are the locale's home, its translated pages and its not-found page", () => {
    expect(routes).toContain(`/${LOCALE.prefix}`);
    expect(routes.length).toBeGreaterThan(2);
  });

  it.each([MOBILE, DESKTOP])(
    "at $width px: each in its language and direction, mirrored and whole, with no serious axe violation",
    async (viewport) => {
      for (const route of routes) {
        const { page, problems } = await openPage(browser, {
          baseURL: site.url,
          viewport,
          ...(viewport === MOBILE && { isMobile: true, hasTouch: true }),
        });
        const response = await page.goto(route, { waitUntil: "networkidle" });
        const notFound = route.endsWith("no-such-page");
        expect(response?.status(), route).toBe(notFound ? 404 : 200);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), route).toEqual(
          [LOCALE.code, "rtl"],
        );
        await scrollThrough(page);
        // The not-found page's own status is what it is for; anything else is a problem.
        expect(
          problems.filter((problem) => !(notFound && / 404[: ]|status of 404/.test(problem))),
          route,
        ).toEqual([]);
        await expectMirroredAndWhole(page, viewport);
        if (process.env.E2E_SHOTS_DIR && route === `/${LOCALE.prefix}`) {
          await page.evaluate(() => window.scrollTo(0, 0));
          // The figures count up once seen: the picture shows where they end.
          await page.waitForTimeout(2500);
          await page.screenshot({ path: path.join(process.env.E2E_SHOTS_DIR, `rtl-locale-${viewport.width}.png`) });
        }
        const { violations } = await axeAudit(page).analyze();
        expect(
          violations
            .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
            .map((violation) => `${route}: ${violation.id}`),
        ).toEqual([]);
        await page.context().close();
      }
    },
    300_000,
  );
});
