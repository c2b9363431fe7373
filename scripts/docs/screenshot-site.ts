import path from "node:path";
import { type Browser, type Page, chromium } from "playwright-core";
import { CHROME_FLAGS, findChromium } from "../../toolchain/chromium.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { startSite } from "../measure/serve.ts";

/**
 * Refreshes the pictures of the site in docs/images/ from the production build served by `npm start` (build first
 * with `npm run build`): `npx tsx scripts/docs/screenshot-site.ts`. The README's picture (home.png) is the first screen of
 * the home page at 1366 px; the German home page (/de) is pictured at 1366 and 390 px, and at 390 px with the language
 * switcher open (docs/localisation.md). Reduced motion keeps the pictures still: the hero's rotating word and the
 * fade-ins stop where a visitor's would.
 */
const site = await startSite();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROME_FLAGS });

async function picture(
  browser: Browser,
  route: string,
  viewport: { width: number; height: number },
  file: string,
  before?: (page: Page) => Promise<void>,
) {
  const page = await browser.newPage({ viewport, reducedMotion: "reduce" });
  await page.goto(new URL(route, site.url).href, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  await before?.(page);
  await page.screenshot({ path: path.join(ROOT, "docs", "images", file) });
  await page.close();
}

try {
  await picture(browser, "/", { width: 1366, height: 768 }, "home.png");
  await picture(browser, "/de", { width: 1366, height: 768 }, "home-de-1366.png");
  await picture(browser, "/de", { width: 390, height: 844 }, "home-de-390.png");
  await picture(browser, "/de", { width: 390, height: 844 }, "home-de-390-languages.png", async (page) => {
    await page.getByRole("button", { name: "Sprache: Deutsch" }).click();
    await page.getByRole("navigation", { name: "Sprache" }).waitFor();
  });
} finally {
  await browser.close();
  await site.close();
}
