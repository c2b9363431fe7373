import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EditorTranslations } from "../../editor/protocol.ts";
import type { PageSummary } from "../../editor/app/api.ts";
import { type ManyPages, addManyPages } from "../support/editor/many-pages.ts";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, isFocused } from "./support/editor.ts";

/**
 * The page list of a site of 10,000 pages more than the project's (issue 47), in Chromium: it opens within a second of
 * the editor's page (the bound asserted is generous, for a shared 2-core machine; the figures are printed), holds only
 * the rows in view and a margin, shows the last page when scrolled to the end, reaches every row from the keyboard,
 * and finds a page by its title, a translation's address or a locale as one types. The pages are copies of the
 * industry pages under new addresses (tests/support/editor/many-pages.ts), every hundredth translated into German.
 * It serves no site build: `E2E_BASE_URL=http://127.0.0.1:9 npx tsx scripts/e2e.ts tests/e2e/editor-many-pages.test.ts`.
 */

const PAGES = 10_000;
/** More rows than this in the page would mean the list renders rows out of view. */
const MOST_ROWS = 80;
/** The goal is a second; a shared, loaded 2-core machine is given room, and the figure is printed. */
const OPEN_BOUND_MS = 3_000;
/** A keystroke's filter of 10,000 pages, to the next frame: well under this even on a loaded machine. */
const KEY_BOUND_MS = 250;

let many: ManyPages;
const suite = editorSuite((dir) => {
  many = addManyPages(dir, PAGES);
});

const api = async <T>(route: string): Promise<T> => (await fetch(`${suite.editor.url}${route}`)).json() as Promise<T>;

const table = (page: Page) => page.getByRole("table", { name: "Pages" });
const renderedRows = (page: Page) => page.locator("table.windowed tbody tr[data-row]").count();
const rowCount = async (page: Page) => Number(await table(page).getAttribute("aria-rowcount")) - 1;
/** Whether the element is wholly inside the window. */
const inWindow = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

/** A tab that notes when the list's first row is in the page, against the page's own clock. */
async function openList(): Promise<{ page: Page; loadedMs: number; shownMs: number }> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector("tr[data-row]")) return;
      (window as unknown as { listShownAt: number }).listShownAt = performance.now();
      seen.disconnect();
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await page.goto(suite.editor.url);
  await page.locator("tr[data-row]").first().waitFor();
  const { loadedMs, shownMs } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return {
      loadedMs: navigation!.domContentLoadedEventEnd,
      shownMs: (window as unknown as { listShownAt: number }).listShownAt,
    };
  });
  return { page, loadedMs, shownMs };
}

describe("the page list of a site of 10,000 pages, in Chromium", () => {
  it("opens within a second of the editor's page, with the rows in view rendered and every row counted", async () => {
    const { pages } = await api<{ pages: PageSummary[] }>("/api/pages");
    expect(pages.length).toBeGreaterThan(PAGES);
    for (const run of ["first", "again"]) {
      const { page, loadedMs, shownMs } = await openList();
      const openMs = shownMs - loadedMs;
      console.log(
        `page list of ${pages.length} pages, ${run} open: the list ${openMs.toFixed(0)} ms after the editor's page (DOMContentLoaded ${loadedMs.toFixed(0)} ms, list ${shownMs.toFixed(0)} ms after navigation)`,
      );
      expect(openMs).toBeLessThan(OPEN_BOUND_MS);
      expect(await rowCount(page)).toBe(pages.length);
      expect(await renderedRows(page)).toBeLessThan(MOST_ROWS);
      // The translations come next, each row's badge looked up, not searched for in a list of 10,000.
      await page.locator("tr[data-row] .tr-badge").first().waitFor();
      const badgesMs = await page.evaluate(() => performance.now());
      console.log(`  translations' badges shown ${badgesMs.toFixed(0)} ms after navigation`);
      await page.context().close();
    }
  });

  it("scrolls to the end and shows the last page, and reaches every row from the keyboard", async () => {
    const { pages } = await api<{ pages: PageSummary[] }>("/api/pages");
    const last = pages.at(-1)!;
    const { page } = await openList();

    const scrolledAt = Date.now();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastRow = `tr[aria-rowindex="${pages.length + 1}"]`;
    await page.locator(lastRow).getByRole("link", { name: last.title, exact: true }).waitFor();
    console.log(`scrolled to the end: the last page rendered ${Date.now() - scrolledAt} ms after the scroll`);
    expect(await inWindow(page, lastRow)).toBe(true);
    expect(await renderedRows(page)).toBeLessThan(MOST_ROWS);

    // Home and End from a row, then ↑ and ↓: the focus moves to the row's title, rendering the row first.
    await page.locator(lastRow).getByRole("link").focus();
    await page.keyboard.press("Home");
    const first = page.locator('tr[aria-rowindex="2"]').getByRole("link", { name: pages[0]!.title, exact: true });
    await expect.poll(() => isFocused(first)).toBe(true);
    await page.keyboard.press("ArrowDown");
    const second = page.locator('tr[aria-rowindex="3"]').getByRole("link", { name: pages[1]!.title, exact: true });
    await expect.poll(() => isFocused(second)).toBe(true);
    await page.keyboard.press("End");
    const lastLink = page.locator(lastRow).getByRole("link", { name: last.title, exact: true });
    await expect.poll(() => isFocused(lastLink)).toBe(true);
    await page.keyboard.press("ArrowUp");
    const beforeLast = page
      .locator(`tr[aria-rowindex="${pages.length}"]`)
      .getByRole("link", { name: pages.at(-2)!.title, exact: true });
    await expect.poll(() => isFocused(beforeLast)).toBe(true);
    expect(await inWindow(page, `tr[aria-rowindex="${pages.length}"]`)).toBe(true);
    // From a Duplicate button, ↓ goes to the next row's Duplicate.
    await page.getByRole("button", { name: `Duplicate ${pages.at(-2)!.title}` }).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(page.getByRole("button", { name: `Duplicate ${last.title}` }))).toBe(true);
    expect(await renderedRows(page)).toBeLessThan(MOST_ROWS);
    await page.context().close();
  });

  it("finds a page by its title as one types, and by a locale or a translation's address", async () => {
    const { translations } = await api<EditorTranslations>("/api/translations");
    const german = translations.filter((translation) => translation.locale === "de-DE" && translation.file);
    const { page } = await openList();
    await page.locator("tr[data-row] .tr-badge").first().waitFor();
    const search = page.getByRole("searchbox", { name: "Search by title, path, menu or locale" });
    await search.focus();

    // Each key's filter of every page, to the next frame the browser paints.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
      const times: number[] = [];
      (window as unknown as { keyTimes: number[] }).keyTimes = times;
      input.addEventListener("keydown", (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => times.push(performance.now() - start));
      });
    });
    await page.keyboard.type(many.middle.title);
    await expect.poll(() => rowCount(page)).toBe(1);
    await table(page).getByRole("link", { name: many.middle.title, exact: true }).waitFor();
    const keyTimes = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
    const sorted = [...keyTimes].sort((a, b) => a - b);
    console.log(
      `typed "${many.middle.title}": ${keyTimes.length} keys, each filtering ${PAGES}+ pages; to the next frame a median of ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    expect(sorted.at(-1)!).toBeLessThan(KEY_BOUND_MS);
    expect(await page.getByRole("status").filter({ hasText: "1 of" }).textContent()).toMatch(/^1 of \d+ pages match/);
    // ↓ in the search box goes to the page found.
    await search.press("ArrowDown");
    await expect
      .poll(() => isFocused(table(page).getByRole("link", { name: many.middle.title, exact: true })))
      .toBe(true);

    // A translation's address, a locale's prefix, its code or its name: the pages translated into it.
    for (const words of ["/de/", "de-DE", "Deutsch"]) {
      await search.fill(words);
      await expect.poll(() => rowCount(page)).toBe(german.length);
      expect(await page.locator("tr[data-row]").filter({ hasText: "DE Missing" }).count()).toBe(0);
    }
    const translated = german.find((translation) => translation.source === many.translated.at(-1))!;
    await search.fill(translated.path!);
    await expect.poll(() => rowCount(page)).toBe(1);
    await table(page).getByRole("button", { name: /^de /i }).waitFor();

    await page.context().close();
  });

  it("lists a locale's 10,000 pages the same way: every row counted, the rows in view rendered, the last at the end", async () => {
    const { pages } = await api<{ pages: PageSummary[] }>("/api/pages");
    const { page } = await openList();
    await page.getByRole("button", { name: "Deutsch", exact: true }).click();
    const locale = page.getByRole("table", { name: "Deutsch" });
    await locale.locator("tr[data-row]").first().waitFor();
    expect(Number(await locale.getAttribute("aria-rowcount")) - 1).toBe(pages.length);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await locale
      .locator(`tr[aria-rowindex="${pages.length + 1}"]`)
      .filter({ hasText: pages.at(-1)!.title })
      .waitFor();
    expect(await inWindow(page, `tr[aria-rowindex="${pages.length + 1}"]`)).toBe(true);
    expect(await renderedRows(page)).toBeLessThan(MOST_ROWS);
    await page.context().close();
  });
});
