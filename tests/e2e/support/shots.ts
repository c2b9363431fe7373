import path from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, MOBILE } from "./browser.ts";

/**
 * Where the browser suites' screenshots go: E2E_SHOTS_DIR (`docs/images` makes the docs' pictures again). Without it
 * none is taken: a screenshot checks nothing, and encoding one costs a core a fraction of a second.
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/** `<name>.png` of what the tab shows, in E2E_SHOTS_DIR; nothing without it. */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), ...options });
}

/**
 * Both widths' screenshots of what the tab shows, `<name>-390.png` and `<name>-1366.png` in E2E_SHOTS_DIR; the tab ends
 * at 1366 px. Without it, nothing is taken and the tab is left as it is.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await shoot(page, `${name}-${viewport.width}`);
  }
}
