import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, SOURCE_ROUTES, launch, openPage, scrollThrough } from "./support/browser.ts";
import { expectMirroredAndWhole, flipToRightToLeft } from "./support/right-to-left.ts";

/**
 * The site's own pages laid out right to left, as a right-to-left locale's pages are: `<html dir="rtl">` set before any
 * of the page's scripts run, so that the islands runtime reads it as it reads the server's. Each page keeps its own
 * language: its numbers and dates were written in it, and the islands format them again in the language they find.
 * The default locale's pages, each once: flipping a translation would lay out the same blocks again in other words. Every route, at a
 * phone's and a laptop's width, must come out mirrored and whole: nothing sticking out on either side, the logo at the
 * inline start, the icons that point a direction mirrored and no others, the carousel sliding from the inline end.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Opens `route` right to left at `viewport`, scrolled through so that every island is live, and back at the top. */
async function openRightToLeft(route: string, viewport: { width: number; height: number }) {
  const opened = await openPage(browser, { viewport, ...(viewport === MOBILE && { isMobile: true, hasTouch: true }) });
  await flipToRightToLeft(opened.page);
  await opened.page.goto(route, { waitUntil: "networkidle" });
  await scrollThrough(opened.page);
  return opened;
}

// One phone's load serves both widths: checked at 390 px, then widened to 1366 px (the layouts that measure themselves
// follow the resize), as the route sweep checks a fallback.
describe.concurrent.each(SOURCE_ROUTES)("%s right to left", (route) => {
  it(`at ${MOBILE.width} px, then ${DESKTOP.width} px: whole, mirrored, its directional icons flipped`, async () => {
    const { page, problems } = await openRightToLeft(route, MOBILE);
    await expectMirroredAndWhole(page, MOBILE);
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expectMirroredAndWhole(page, DESKTOP);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the conversation carousel right to left", () => {
  const slideBoxes = (page: Page) =>
    page.$$eval("[data-carousel] [aria-roledescription=slide]", (slides) =>
      slides.map((slide) => {
        const box = slide.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
  const firstShown = async (page: Page) =>
    Number((await page.locator("[data-carousel-counter]").textContent())?.split(/[–/ ]/)[0]);

  it("lays its cards from the right, brings the next one in from the left end, and follows the arrow keys", async () => {
    const { page, problems } = await openRightToLeft("/chat-agents", DESKTOP);
    const carousel = page.locator("[data-carousel]");
    await carousel.scrollIntoViewIfNeeded();
    // Focus in the carousel holds its timer: from here on it moves only as the keys say.
    await page.getByRole("button", { name: "Next conversation" }).focus();
    const [first, second] = await slideBoxes(page);
    expect(first.right, "the first card to the right of the second").toBeGreaterThan(second.right);

    const before = await firstShown(page);
    // The first card on screen sits at the inline start; the next one comes to where it was, from the left.
    const start = (await slideBoxes(page))[before - 1].right;
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => firstShown(page)).toBe(before + 1);
    await expect.poll(async () => Math.round((await slideBoxes(page))[before].right - start)).toBe(0);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => firstShown(page)).toBe(before);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
