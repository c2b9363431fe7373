import path from "node:path";
import type { Page } from "playwright-core";

/**
 * Where the browser suites' screenshots go: E2E_SHOTS_DIR (`docs/images` makes the docs' pictures again). Without it
 * none is taken: a screenshot checks nothing, and encoding one costs a core a fraction of a second.
 */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

/** `<name>.png` of what the tab shows, in E2E_SHOTS_DIR; nothing without it. */
export async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SHOTS_DIR) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), ...options });
}
