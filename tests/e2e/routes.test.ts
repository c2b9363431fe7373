import { axeAudit } from "../../scripts/measure/axe.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteLocaleList } from "../../renderer/content/pages.server.ts";
import { type PlannedRoute, routePlan, showsItsSource } from "./support/route-plan.ts";
import {
  DESKTOP,
  MOBILE,
  NARROWEST,
  baseURL,
  launch,
  openPage,
  scrollThrough,
  settleScrollFades,
  visit,
} from "./support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Visible headings of the page, in document order, as "h2 Title". */
const headings = (page: Page) =>
  page.$$eval("h1, h2, h3, h4, h5, h6", (elements) =>
    elements
      .filter((el) => el.checkVisibility())
      .map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.trim() ?? ""}`),
  );

/** Every place where a heading is more than one level deeper than the one before it. */
function skippedLevels(list: string[]): string[] {
  return list.flatMap((heading, index) => {
    const previous = index === 0 ? 0 : Number(list[index - 1][1]);
    return Number(heading[1]) > previous + 1 ? [`${list[index - 1] ?? "(start)"} → ${heading}`] : [];
  });
}

/**
 * axe-core violations, on the page as it looks once every section has faded in, as "rule: selector" lines; of the
 * part `within` selects, or the whole page.
 */
async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await settleScrollFades(page);
  const audit = axeAudit(page);
  const { violations } = await (within ? audit.include(within) : audit).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} — ${violation.help}`,
    ),
  );
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.checkVisibility())
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });
}

async function expectNoOverflow(page: Page) {
  const overflow = await horizontalOverflow(page);
  expect(
    overflow.scrollWidth,
    `page wider than its ${overflow.width} px viewport; widest: ${overflow.wider.join(", ")}`,
  ).toBeLessThanOrEqual(overflow.width);
}

/** Exactly one h1, first, and no heading level skipped. */
async function expectHeadingsInOrder(page: Page) {
  const list = await headings(page);
  expect(
    list.filter((h) => h.startsWith("h1 ")),
    "exactly one h1",
  ).toHaveLength(1);
  expect(list[0], "the first heading is the h1").toMatch(/^h1 /);
  expect(skippedLevels(list), "no skipped heading level").toEqual([]);
}

/** The page says its language (its locale's, from the server) and has a title of its own. */
async function expectLanguageAndTitle(page: Page, route: PlannedRoute) {
  const { lang, title } = await page.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }));
  expect(lang, "<html lang>").toBe(route.locale);
  expect(title.trim(), "<title>").not.toBe("");
}

/** After a resize, the frames in which the layouts that measure themselves (the carousel) follow it. */
const afterResize = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const PLAN = routePlan();
const fetched = new Map<string, Promise<string>>();
/** A built page, fetched once however many fallbacks it is compared with. */
function builtPage(path: string): Promise<string> {
  let page = fetched.get(path);
  if (!page) fetched.set(path, (page = fetch(new URL(path, baseURL())).then((response) => response.text())));
  return page;
}
/**
 * The fallbacks that show their source's content (route-plan.ts, `showsItsSource`), read from the served build as the
 * suite starts: each of their blocks is their source's, or one that their locale's own pages show and are checked with.
 */
const PROVEN = new Set(
  await Promise.all(
    PLAN.filter((route) => route.kind === "fallback").map(async (route) => {
      const ownPages = PLAN.filter((own) => own.kind !== "fallback" && own.locale === route.locale);
      const [shown, source, ...locale] = await Promise.all(
        [route.path, route.canonical, ...ownPages.map((own) => own.path)].map(builtPage),
      );
      return showsItsSource(shown, source, locale) ? route.path : "";
    }),
  ),
);
/** The fallbacks proven to show their source's content: loaded once and checked at each width from that load. */
const FALLBACKS = PLAN.filter((route) => PROVEN.has(route.path));
/**
 * The routes with content of their own, checked whole at each width: the default locale's pages, each translation, and
 * a fallback that shows more than its source (an index listing the locale's titles), audited as a translation is.
 */
const OWN = PLAN.filter((route) => !PROVEN.has(route.path)).map((route) =>
  route.kind === "fallback" ? { ...route, audited: true } : route,
);

/**
 * Each route with content of its own is loaded at each width and checked whole; axe audits its content (`main`) where it
 * is the first of its template in its locale, or a translation (route-plan.ts). The chrome, the same on every page of
 * a locale, is audited once per locale and width below.
 */
describe.concurrent.each(OWN)("$path", (route) => {
  const audit = route.audited ? "; its content 0 axe violations" : "";
  it(`at ${DESKTOP.width} px: no console error, page error or failed request; language and title; one h1, headings in order; no horizontal overflow${audit}`, async () => {
    const { page, problems } = await openPage(browser, { viewport: DESKTOP });
    await visit(page, route.path);
    await scrollThrough(page);
    expect(problems).toEqual([]);
    await expectLanguageAndTitle(page, route);
    await expectHeadingsInOrder(page);
    await expectNoOverflow(page);
    if (route.audited) expect(await axeViolations(page, "main")).toEqual([]);
    await page.context().close();
  });

  // One phone's load serves both phone widths: checked at 390 px, then narrowed to 320 px (the layouts that measure
  // themselves, such as the carousel, follow the resize).
  it(`at ${MOBILE.width} px: no error, no horizontal overflow${audit}; at ${NARROWEST.width} px: no horizontal overflow`, async () => {
    const { page, problems } = await openPage(browser, { viewport: MOBILE, isMobile: true, hasTouch: true });
    await visit(page, route.path);
    await scrollThrough(page);
    expect(problems).toEqual([]);
    await expectNoOverflow(page);
    if (route.audited) expect(await axeViolations(page, "main")).toEqual([]);
    await page.setViewportSize(NARROWEST);
    await afterResize(page);
    await expectNoOverflow(page);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("reads fully without JavaScript: every section and the footer are on the page, none held back", async () => {
    await expectReadableWithoutScripts(route.path);
  });
});

/**
 * A fallback proven to show its source's blocks, in its locale's chrome (audited below on the locale's own pages): it
 * is loaded once, on a phone, and checked at each width it is narrowed or widened to.
 */
describe.concurrent.each(FALLBACKS)("$path (shown from $canonical)", (route) => {
  it(`at ${MOBILE.width}, ${NARROWEST.width} and ${DESKTOP.width} px from one load: no error; language and title; one h1, headings in order; no horizontal overflow`, async () => {
    const { page, problems } = await openPage(browser, { viewport: MOBILE, isMobile: true, hasTouch: true });
    await visit(page, route.path);
    await scrollThrough(page);
    await expectLanguageAndTitle(page, route);
    await expectHeadingsInOrder(page);
    for (const viewport of [MOBILE, NARROWEST, DESKTOP]) {
      await page.setViewportSize(viewport);
      await afterResize(page);
      await expectNoOverflow(page);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("reads fully without JavaScript", async () => {
    await expectReadableWithoutScripts(route.path);
  });
});

/**
 * The chrome (header, footer), the same on every page of a locale, audited once per locale and width: the whole of the
 * locale's home page, with the page-wide rules (language, title, landmarks). The header's menus are audited open by
 * navigation.test.ts and language-switcher.test.ts.
 */
const CHROME_AUDITS = siteLocaleList().flatMap((locale) => {
  const home = PLAN.find(
    (route) => route.locale === locale.code && route.path === (locale.prefix ? `/${locale.prefix}` : "/"),
  );
  const route = home ?? PLAN.find((planned) => planned.locale === locale.code);
  return route ? [DESKTOP, MOBILE].map((viewport) => ({ path: route.path, width: viewport.width, viewport })) : [];
});

describe.concurrent.each(CHROME_AUDITS)("the chrome on $path at $width px", ({ path, viewport }) => {
  it("has 0 axe violations, on the whole page", async () => {
    const mobile = viewport === MOBILE;
    const { page, problems } = await openPage(browser, { viewport, isMobile: mobile, hasTouch: mobile });
    await visit(page, path);
    await scrollThrough(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

/** Every section and the footer are shown with scripts off, none held back for a fade that would never start. */
async function expectReadableWithoutScripts(path: string) {
  const { page } = await openPage(browser, { javaScriptEnabled: false });
  await page.goto(path);
  const hidden = await page.evaluate(() =>
    [...document.querySelectorAll("main section, footer, main h1")]
      .filter((el) => !el.checkVisibility({ opacityProperty: true }))
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}`),
  );
  expect(hidden).toEqual([]);
  expect(await page.locator("main section").count()).toBeGreaterThan(0);
  await page.context().close();
}

describe("unknown routes", () => {
  it("answer 404 with the not-found page, which has one h1 and links home", async () => {
    const { page } = await openPage(browser);
    const response = await page.goto("/no-such-page", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(404);
    expect(await headings(page).then((list) => list.filter((h) => h.startsWith("h1 ")))).toHaveLength(1);
    expect(await page.locator("main a[href='/']").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
