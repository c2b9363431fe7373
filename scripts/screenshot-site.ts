import path from "node:path";
import { chromium } from "playwright-core";
import { CHROME_FLAGS, findChromium } from "../toolchain/chromium.ts";
import { ROOT } from "../toolchain/paths.ts";
import { startSite } from "./lib/serve.ts";

/**
 * Refreshes the README's picture of the site (docs/images/home.png): the first screen of the home page at 1366 px,
 * from the production build served by `npm start` (build first with `npm run build`): `npx tsx scripts/screenshot-site.ts`.
 * Reduced motion keeps the picture still: the hero's rotating word and the fade-ins stop where a visitor's would.
 */
const site = await startSite();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROME_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, reducedMotion: "reduce" });
  await page.goto(site.url, { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(ROOT, "docs", "images", "home.png") });
} finally {
  await browser.close();
  await site.close();
}
