import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { DESKTOP, MOBILE, launch, openPage, visit } from "./support/browser.ts";

// Every test has a context of its own: they run side by side.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/**
 * axe's violations in an open menu, as "rule: targets" lines: the chrome's audit (routes.test.ts) sees the menus
 * closed, once per locale and width.
 */
async function openMenuViolations(page: Page, selector: string): Promise<string[]> {
  const { violations } = await axeAudit(page).include(selector).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** A collapsible section of the mobile menu: the <summary> of a <details>. */
const section = (page: Page, name: string) => page.locator("#mobile-menu summary", { hasText: name });
const isOpen = (summary: Locator) => summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);

/** Presses Tab until the element is focused, as a keyboard user would reach it. */
async function tabTo(page: Page, selector: string, maxTabs = 30) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press("Tab");
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${selector} was not reached with ${maxTabs} presses of Tab`);
}

/** The focused element shows a visible focus indicator (an outline or a ring drawn with box-shadow). */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return el.matches(":focus-visible") && (outline || style.boxShadow !== "none");
  });

describe.concurrent(`header menus at ${DESKTOP.width} px`, () => {
  it("the Product dropdown lists the five product pages with descriptions and navigates to one", async ({ expect }) => {
    const { page, problems } = await openPage(browser);
    await visit(page, "/");
    const product = mainNav(page).getByRole("button", { name: "Product" });
    await expect(product.getAttribute("aria-expanded")).resolves.toBe("false");
    await product.click();
    await expect.poll(() => product.getAttribute("aria-expanded")).toBe("true");
    const panel = page.locator(`#${await product.getAttribute("popovertarget")}`);
    await expect(panel.getByRole("link").count()).resolves.toBe(5);
    await expect(panel.getByText("Answer every call, day and night").isVisible()).resolves.toBe(true);
    await expect(openMenuViolations(page, `#${await product.getAttribute("popovertarget")}`)).resolves.toEqual([]);
    await panel.getByRole("link", { name: /Voice Agents/ }).click();
    await page.waitForURL("**/voice-agents");
    await expect.poll(() => product.getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the Industries dropdown shows Featured and All Industries and navigates to a featured industry", async ({
    expect,
  }) => {
    const { page } = await openPage(browser);
    await visit(page, "/");
    const industries = mainNav(page).getByRole("button", { name: "Industries" });
    await industries.click();
    const panel = page.locator(`#${await industries.getAttribute("popovertarget")}`);
    await expect.poll(() => panel.getByText("Featured", { exact: true }).isVisible()).toBe(true);
    await expect(panel.getByText("All Industries", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(openMenuViolations(page, `#${await industries.getAttribute("popovertarget")}`)).resolves.toEqual([]);
    await panel
      .getByRole("link", { name: /Contact Cent/ })
      .first()
      .click();
    await page.waitForURL("**/industries/contact-centers");
    await expect.poll(() => industries.getAttribute("aria-expanded")).toBe("false");
    await page.context().close();
  });

  it("opens on hover after the hover delay and closes when the pointer leaves", async () => {
    const { page } = await openPage(browser);
    await visit(page, "/");
    const product = mainNav(page).getByRole("button", { name: "Product" });
    await product.hover();
    await page.waitForFunction(() => document.querySelector("nav[aria-label=Main] button[aria-expanded=true]"), null, {
      timeout: 2000,
    });
    await page.mouse.move(10, 600);
    await page.waitForFunction(() => !document.querySelector("nav[aria-label=Main] button[aria-expanded=true]"), null, {
      timeout: 2000,
    });
    await page.context().close();
  });

  it("works with the keyboard: Enter and Space open, Escape closes, Tab enters the panel, focus is visible", async ({
    expect,
  }) => {
    const { page } = await openPage(browser);
    await visit(page, "/");
    const product = mainNav(page).getByRole("button", { name: "Product" });
    await tabTo(page, "nav[aria-label=Main] button >> nth=0");
    expect(await focusIsVisible(page), "the focused Product button shows a focus indicator").toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => product.getAttribute("aria-expanded")).toBe("true");
    // The popover's toggle event, which keeps aria-expanded true to the state, is dispatched as a task after the key.
    await page.keyboard.press("Escape");
    await expect.poll(() => product.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Space");
    await expect.poll(() => product.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("href"));
    expect(focused).toBe("/product-overview");
    expect(await focusIsVisible(page), "the focused menu link shows a focus indicator").toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/product-overview");
    await page.context().close();
  });

  it("marks the active route with aria-current=page", async ({ expect }) => {
    const { page } = await openPage(browser);
    await visit(page, "/use-cases");
    await expect(mainNav(page).getByRole("link", { name: "Case Studies" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    await expect(
      mainNav(page).getByRole("link", { name: "Our Approach" }).getAttribute("aria-current"),
    ).resolves.toBeNull();
    await mainNav(page).getByRole("link", { name: "Our Approach" }).click();
    await page.waitForURL("**/our-approach");
    // The URL changes before React commits the new location: wait for the render, not the address bar.
    await page.waitForSelector('nav[aria-label=Main] a[href="/our-approach"][aria-current=page]', { timeout: 3000 });
    await expect(
      mainNav(page).getByRole("link", { name: "Case Studies" }).getAttribute("aria-current"),
    ).resolves.toBeNull();
    await page.context().close();
  });

  it("the header's background turns more opaque after 50 px of scroll", async ({ expect }) => {
    const { page } = await openPage(browser);
    await visit(page, "/");
    const header = page.locator("header").first();
    await expect(header.getAttribute("data-scrolled")).resolves.toBeNull();
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => document.querySelector("header")?.hasAttribute("data-scrolled"));
    await page.context().close();
  });
});

describe.concurrent("navigation", () => {
  it("resets scroll to the top on a client-side route change", async ({ expect }) => {
    const { page, problems } = await openPage(browser);
    await visit(page, "/");
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About Us" }).click();
    await page.waitForURL("**/about");
    await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 2000 });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.for(["fnol", "retention", "service"])(
    "the footer link /use-cases#%s lands on its section",
    async (anchor, { expect }) => {
      const { page, problems } = await openPage(browser);
      await visit(page, "/about");
      await page.locator(`footer a[href="/use-cases#${anchor}"]`).click();
      await page.waitForURL(`**/use-cases#${anchor}`);
      await page.waitForFunction(
        (id) => {
          const section = document.getElementById(id);
          const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
          if (!section) return false;
          const top = section.getBoundingClientRect().top;
          // In view and not hidden under the fixed header.
          return top >= header - 2 && top < window.innerHeight / 2;
        },
        anchor,
        // Patience for a busy machine, where this test shares it with the others running beside it.
        { timeout: 10_000 },
      );
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it("a footer anchor also lands on its section when loaded directly", async ({ expect }) => {
    const { page } = await openPage(browser);
    await visit(page, "/use-cases#retention");
    const top = await page.locator("#retention").evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(DESKTOP.height / 2);
    await page.context().close();
  });
});

describe.concurrent(`mobile menu at ${MOBILE.width} px`, () => {
  it("opens, expands its sections, navigates, and comes back collapsed", async ({ expect }) => {
    const { page, problems } = await openPage(browser, { viewport: MOBILE, isMobile: true, hasTouch: true });
    await visit(page, "/");
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const name of ["Case Studies", "Our Approach", "Enquire", "FREE Pilot"])
      await expect(menu.getByRole("link", { name }).isVisible(), name).resolves.toBe(true);

    // The sections are native disclosures (<details>), whose expanded state the browser itself reports.
    await expect(isOpen(section(page, "Product"))).resolves.toBe(false);
    await section(page, "Product").click();
    await expect(isOpen(section(page, "Product"))).resolves.toBe(true);
    await section(page, "Industries").click();
    await expect(isOpen(section(page, "Industries"))).resolves.toBe(true);
    await expect(menu.getByRole("link", { name: "Pet Insurance" }).isVisible()).resolves.toBe(true);
    await expect(openMenuViolations(page, "#mobile-menu")).resolves.toEqual([]);

    await menu.getByRole("link", { name: "Chat Agents" }).click();
    await page.waitForURL("**/chat-agents");
    await expect(menu.isVisible()).resolves.toBe(false);
    await expect
      .poll(() => page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"))
      .toBe("false");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(isOpen(section(page, "Product"))).resolves.toBe(false);
    await expect(isOpen(section(page, "Industries"))).resolves.toBe(false);
    // Collapsed, the section still holds the active link, marked for when it is expanded.
    await page.waitForSelector('#mobile-menu a[href="/chat-agents"][aria-current=page]', {
      state: "attached",
      timeout: 2000,
    });
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu.isVisible()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("works with the keyboard and shows focus", async ({ expect }) => {
    const { page } = await openPage(browser, { viewport: MOBILE, isMobile: true, hasTouch: true });
    await visit(page, "/");
    await tabTo(page, "button[popovertarget=mobile-menu]");
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(isOpen(section(page, "Product"))).resolves.toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await page.context().close();
  });

  it("closes with Escape and with a tap outside, and gives focus back to the menu button", async ({ expect }) => {
    const { page, problems } = await openPage(browser, { viewport: MOBILE, isMobile: true, hasTouch: true });
    await visit(page, "/about");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await tabTo(page, "button[popovertarget=mobile-menu]");
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded"))
      .toBe("false");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("popovertarget"))).toBe("mobile-menu");
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.touchscreen.tap(200, 830);
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe.concurrent("the header without script", () => {
  it("opens its menus and sections with JavaScript off: they are HTML popovers and disclosures", async ({ expect }) => {
    const { page } = await openPage(browser, { javaScriptEnabled: false });
    await visit(page, "/about");
    const product = mainNav(page).getByRole("button", { name: "Product" });
    await product.click();
    await expect.poll(() => page.locator("#menu-product").isVisible()).toBe(true);
    await mainNav(page).getByRole("button", { name: "Industries" }).click();
    await expect.poll(() => page.locator("#menu-industries").isVisible()).toBe(true);
    await expect(page.locator("#menu-product").isVisible(), "one menu open at a time").resolves.toBe(false);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#menu-industries").isVisible()).toBe(false);
    await page.context().close();

    const mobile = await openPage(browser, {
      viewport: MOBILE,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
    });
    await visit(mobile.page, "/about");
    await mobile.page.getByRole("button", { name: "Open menu" }).tap();
    const menu = mobile.page.getByRole("navigation", { name: "Mobile" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await section(mobile.page, "Industries").tap();
    await expect.poll(() => menu.getByRole("link", { name: "Pet Insurance" }).isVisible()).toBe(true);
    await mobile.page.context().close();
  });
});
