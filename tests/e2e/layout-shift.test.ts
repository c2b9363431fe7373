/**
 * Loading on a slow phone: the audited routes at 390 and 1366 px under Lighthouse's 4× CPU slowdown move nothing on
 * screen as they load in the fallback typeface, and barely move when it arrives after the first paint. A file of its
 * own, run with the other timed suites one at a time (vitest.e2e.config.ts): what it measures is what a loaded machine
 * would distort.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, launch, openPage, settledAfter } from "./support/browser.ts";
import { type Shift, recordLoad } from "./support/layout-shifts.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const sum = (shifts: Shift[]) => shifts.reduce((total, shift) => total + shift.value, 0);
/** The shifts as a failure shows them: when, how much, what moved. */
const listed = (shifts: Shift[]) =>
  shifts.map((shift) => `${Math.round(shift.at)} ms: ${shift.value.toFixed(4)} (${shift.moved.join("; ")})`).join("\n");

// Each test has its own context and slows its own page; they run side by side, as the routes above do.
describe.concurrent("loading on a slow phone", () => {
  // Lighthouse's mobile CPU slowdown. The parser then yields mid-page: the first paint must still not show a page
  // whose content moves as the rest of it arrives (root.tsx holds the first paint until the content is parsed).
  const SLOWDOWN = 4;
  const routes = ["/", "/contact", "/chat-agents", "/industries/contact-centers"];
  // The typeface is preloaded and normally there before the first paint. When it arrives later, it swaps in over a
  // fallback scaled to its width at each weight (kit/fonts.tsx), so lines keep their height and wrap alike; what moves
  // is a word or two sideways: measured 0–0.0006, against 0.1 that search engines call good. Whether a paint was laid
  // out with it cannot be told from the page (its `loadingdone` event and `document.fonts.check` can both say it is
  // ready while the frame already laid out without it is painted), so each case is set up: never arriving here, where
  // nothing may move at all, and arriving after the first paint in the next test, where its swap has this limit.
  const LATE_FONT_SHIFT_LIMIT = 0.005;

  it.each(routes.flatMap((route) => [DESKTOP, MOBILE].map((viewport) => [route, viewport.width, viewport] as const)))(
    "%s at %i px moves nothing on screen as it loads (in the fallback typeface)",
    async (route, _width, viewport) => {
      const { page } = await openPage(browser, { viewport });
      const loadRecord = await recordLoad(page);
      await page.route("**/*.woff2", (request) => request.abort());
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
      // Until the islands on screen have loaded and hydrated, and the page is idle.
      await settledAfter(page, async () => {
        await page.goto(route, { waitUntil: "load" });
      });
      expect(
        await page.evaluate(() => document.fonts.check('16px "Inter Variable"')),
        "the typeface never arrived",
      ).toBe(false);
      const { shifts } = await loadRecord();
      expect(sum(shifts), listed(shifts)).toBe(0);
      await page.context().close();
    },
  );

  it.each(routes.flatMap((route) => [DESKTOP, MOBILE].map((viewport) => [route, viewport.width, viewport] as const)))(
    "%s at %i px barely moves when its typeface arrives after the first paint",
    async (route, _width, viewport) => {
      const { page } = await openPage(browser, { viewport });
      const loadRecord = await recordLoad(page);
      // The typeface is held until the page has painted without it (a fixed delay is not enough on a starved machine,
      // where the first paint itself can come seconds late), then a moment more.
      let release = () => {};
      const painted = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/*.woff2", async (request) => {
        await painted;
        await request.continue();
      });
      await page.goto(route, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-paint").length > 0, undefined, {
        polling: 50,
        timeout: 30_000,
      });
      await page.waitForTimeout(200);
      release();
      await page.waitForLoadState("load");
      // The swap is laid out in the frame after the font is ready; the shift it causes is recorded with that frame.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
      const { shifts, firstPaint, typefaceReady } = await loadRecord();
      expect(typefaceReady).toBeGreaterThan(firstPaint);
      expect(sum(shifts), listed(shifts)).toBeLessThan(LATE_FONT_SHIFT_LIMIT);
      await page.context().close();
    },
  );
});
