import type { Page } from "playwright-core";
import { expect } from "vitest";
import { layoutOverflow } from "./layout.ts";

/**
 * Lays the page out right to left, as a right-to-left locale's pages are: `<html dir="rtl">` set before any of the
 * page's scripts run, so that the islands runtime reads it as it reads the server's. Call before the page loads.
 */
export async function flipToRightToLeft(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // The script runs as the document is created, before the parser has made <html>: set on it as soon as it exists.
    const flip = () => {
      const html = document.documentElement;
      if (!html) return false;
      html.dir = "rtl";
      return true;
    };
    if (flip()) return;
    const observer = new MutationObserver(() => {
      if (flip()) observer.disconnect();
    });
    observer.observe(document, { childList: true });
  });
}

/** The horizontal scale of each visible icon's transform, as "directional"/"other" with -1 (mirrored) or 1. */
const iconScales = (page: Page) =>
  page.$$eval("svg", (icons) =>
    icons
      .filter((icon) => icon.checkVisibility())
      .map((icon) => {
        const matrix = new DOMMatrixReadOnly(getComputedStyle(icon).transform);
        return { directional: icon.hasAttribute("data-directional"), scaleX: Math.sign(matrix.a) };
      }),
  );

/**
 * A page laid out right to left, at `viewport`, must be mirrored and whole: nothing sticking out on either side, the
 * header's logo at the inline start (the right), the icons that point a direction mirrored and no others.
 */
export async function expectMirroredAndWhole(page: Page, viewport: { width: number }) {
  expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  expect(await layoutOverflow(page)).toEqual([]);

  const logo = await page.locator("header a:not([href='#main'])").first().boundingBox();
  expect(logo, "the header's logo").not.toBeNull();
  if (logo)
    expect(logo.x + logo.width / 2, "the logo at the inline start (the right)").toBeGreaterThan(viewport.width / 2);

  const icons = await iconScales(page);
  expect(
    icons.filter((icon) => icon.directional && icon.scaleX !== -1),
    "directional icons not mirrored",
  ).toEqual([]);
  expect(
    icons.filter((icon) => !icon.directional && icon.scaleX === -1),
    "other icons mirrored",
  ).toEqual([]);
}
