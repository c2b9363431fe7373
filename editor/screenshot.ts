import path from "node:path";
import { chromium } from "playwright-core";
import { CHROME_FLAGS, findChromium } from "../toolchain/chromium.ts";
import { ROOT } from "../toolchain/paths.ts";
import { startEditor } from "./server.ts";
import { copyProject } from "./project-copy.ts";
import { editAddress } from "./protocol.ts";

/**
 * Refreshes the pictures of the editor in README.md and docs/editor.md (docs/editor.png, and docs/editor-palette.png
 * with the block palette open; 1366 px wide), taken on a copy of the content so that nothing is changed:
 * `npx tsx editor/screenshot.ts [folder for extra views]`.
 */
const extra = process.argv[2];
const project = copyProject();
const editor = await startEditor({ projectDir: project.dir });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROME_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
  await page.goto(`${editor.url}${editAddress("site-config/pages/industries/pet-insurance.json")}`);
  await page
    .getByRole("navigation", { name: "Page outline" })
    .getByRole("button", { name: /^Industry hero/ })
    .click();
  await page.getByLabel("Heading", { exact: true }).fill("Calm, caring support when your pet needs help");
  await page
    .frameLocator("iframe")
    .getByRole("heading", { name: /your pet needs help/ })
    .waitFor();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(ROOT, "docs/editor.png") });
  await page.getByRole("button", { name: "Add block" }).click();
  await page.locator('.palette-thumb[data-thumbnail="shown"] iframe').nth(5).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(ROOT, "docs/editor-palette.png") });
  await page.keyboard.press("Escape");
  if (extra) {
    await page.getByRole("button", { name: "Phone, 390" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(extra, "phone.png") });
    await page.getByRole("group", { name: "Schedule Demo" }).getByLabel("Link", { exact: true }).fill("/contcat");
    await page.waitForTimeout(800);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(extra, "error.png") });
    await page.goto(`${editor.url}${editAddress("site-config/site.json")}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: path.join(extra, "site.png") });
  }
} finally {
  await browser.close();
  await editor.close();
  project.remove();
}
