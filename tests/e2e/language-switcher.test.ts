/**
 * The header's language switcher on the site's real German pages (site-config/locales/de-DE/): by keyboard and by tap,
 * at both widths, its links to the same page in the other language (or that language's home), and an axe audit of the
 * header with the list open.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { DESKTOP, MOBILE, launch, openPage, visit } from "./support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const switcher = (page: Page, name: string) => page.getByRole("button", { name });
const languageList = (page: Page, name: string) => page.getByRole("navigation", { name });

/** The switcher's links as a screen reader gets them: name, address, languages and which one is current. */
const linksOf = (page: Page, list: string) =>
  languageList(page, list)
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => ({
        name: link.textContent,
        href: link.getAttribute("href"),
        lang: link.getAttribute("lang"),
        hreflang: link.getAttribute("hreflang"),
        current: link.getAttribute("aria-current"),
      })),
    );

/** Every axe violation inside the header, as "rule: target" lines. */
async function headerViolations(page: Page) {
  const results = await axeAudit(page).include("header").analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`),
  );
}

/** Presses Tab until the element is focused, as a keyboard user would reach it. */
async function tabTo(page: Page, name: string, maxTabs = 30) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    if (focused.includes(name)) return;
  }
  throw new Error(`the switcher was not reached with ${maxTabs} presses of Tab`);
}

describe.concurrent(`language switcher at ${DESKTOP.width} px`, () => {
  it("by keyboard: opens on Enter, lists both languages, the current one marked, and leads to the English page", async ({
    expect,
  }) => {
    const { page, problems } = await openPage(browser);
    await visit(page, "/de/branchen/tierversicherung");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("de-DE");
    const button = switcher(page, "Sprache: Deutsch");
    await expect(button.getAttribute("aria-expanded")).resolves.toBe("false");
    await tabTo(page, "Deutsch");
    await page.keyboard.press("Enter");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    await expect(languageList(page, "Sprache").isVisible()).resolves.toBe(true);
    await expect(linksOf(page, "Sprache")).resolves.toEqual([
      { name: "English", href: "/industries/pet-insurance", lang: "en-GB", hreflang: "en-GB", current: null },
      { name: "Deutsch", href: "/de/branchen/tierversicherung", lang: "de-DE", hreflang: "de-DE", current: "page" },
    ]);
    await expect(headerViolations(page)).resolves.toEqual([]);

    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("English");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/industries/pet-insurance");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en-GB");
    await expect(switcher(page, "Language: English").isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("Escape closes the list and gives the focus back to its button", async ({ expect }) => {
    const { page } = await openPage(browser);
    await visit(page, "/de");
    const button = switcher(page, "Sprache: Deutsch");
    await button.click();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await expect(languageList(page, "Sprache").isVisible()).resolves.toBe(false);
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.context().close();
  });

  it("from an English page the German link leads to its translation, or to the German version shown from English", async ({
    expect,
  }) => {
    const { page } = await openPage(browser);
    await visit(page, "/contact");
    await switcher(page, "Language: English").click();
    const list = await linksOf(page, "Language");
    expect(list.map(({ name, href, current }) => ({ name, href, current }))).toEqual([
      { name: "English", href: "/contact", current: "page" },
      { name: "Deutsch", href: "/de/kontakt", current: null },
    ]);
    await visit(page, "/about");
    await switcher(page, "Language: English").click();
    await expect(
      languageList(page, "Language").getByRole("link", { name: "Deutsch" }).getAttribute("href"),
    ).resolves.toBe("/de/about");
    await page.context().close();
  });
});

describe.concurrent(`language switcher at ${MOBILE.width} px`, () => {
  it("is in the header bar beside the menu button, opens by tap and passes axe", async ({ expect }) => {
    const { page, problems } = await openPage(browser, { viewport: MOBILE, hasTouch: true, isMobile: true });
    await visit(page, "/de/kontakt");
    const button = switcher(page, "Sprache: Deutsch");
    await expect(button.isVisible()).resolves.toBe(true);
    await button.tap();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    const list = languageList(page, "Sprache");
    const box = await list.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    await expect(headerViolations(page)).resolves.toEqual([]);
    await list.getByRole("link", { name: "English" }).tap();
    await page.waitForURL("**/contact");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
