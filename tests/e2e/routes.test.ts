import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE, NARROWEST, ROUTES, launch, openPage, scrollThrough, visit } from "./support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Visible headings of the page, in document order, as "h2 Title". */
const headings = (page: Page) =>
  page.$$eval("h1, h2, h3, h4, h5, h6", (elements) =>
    elements.filter((el) => el.checkVisibility()).map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.trim() ?? ""}`),
  );

/** Every place where a heading is more than one level deeper than the one before it. */
function skippedLevels(list: string[]): string[] {
  const found: string[] = [];
  list.forEach((heading, index) => {
    const level = Number(heading[1]);
    const previous = index === 0 ? 0 : Number(list[index - 1][1]);
    if (level > previous + 1) found.push(`${list[index - 1] ?? "(start)"} → ${heading}`);
  });
  return found;
}

describe.each(ROUTES)("%s", (route) => {
  it("loads and runs through with no console error, page error or failed request to our origin", async () => {
    const { page, problems } = await openPage(browser);
    const response = await visit(page, route).then(() => page.evaluate(() => document.readyState));
    expect(response).toBe("complete");
    await scrollThrough(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("has one h1 and headings in order", async () => {
    const { page } = await openPage(browser);
    await visit(page, route);
    await scrollThrough(page);
    const list = await headings(page);
    expect(list.filter((h) => h.startsWith("h1 ")), "exactly one h1").toHaveLength(1);
    expect(list[0], "the first heading is the h1").toMatch(/^h1 /);
    expect(skippedLevels(list), "no skipped heading level").toEqual([]);
    await page.context().close();
  });

  it("has no horizontal overflow at 320 px, nor at 390 px", async () => {
    for (const viewport of [NARROWEST, MOBILE]) {
      const { page } = await openPage(browser, { viewport });
      await visit(page, route);
      await scrollThrough(page);
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wider = [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && el.checkVisibility())
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}`);
        return { scrollWidth: document.documentElement.scrollWidth, width, wider };
      });
      expect(overflow.scrollWidth, `page wider than ${viewport.width} px; widest elements: ${overflow.wider.join(", ")}`).toBeLessThanOrEqual(overflow.width);
      await page.context().close();
    }
  });
});

describe("unknown routes", () => {
  it("answer 404 with the not-found page, which links home", async () => {
    const { page } = await openPage(browser);
    const response = await page.goto("/no-such-page", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
    await expect(page.locator("main a[href='/']").count()).resolves.toBeGreaterThan(0);
    await page.context().close();
  });
});
