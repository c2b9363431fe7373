/**
 * A page made in the editor is a page of the site: an industry page created and edited through the editor's UI, in a
 * copy of the project, is validated and built as `npm run build` does it, served by `npm start`, and found in the
 * header's Industries menu. The build prerenders that page only (PRERENDER_ONLY) and skips the preview cards: the
 * menu is built from every page all the same, and the site's own pages are the main build's to check.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../toolchain/paths.ts";
import { editorInBuild } from "../../scripts/measure/budgets.ts";
import { type RunningSite, startSite } from "../../scripts/measure/serve.ts";
import { formatProblem, validateConfig } from "../../toolchain/validate.ts";
import { DESKTOP } from "./support/browser.ts";
import { createIndustryPage, editorSuite } from "./support/editor.ts";

const PAGE = "/industries/marine-insurance";
const HEADING = "Marine cover, answered around the clock";

const suite = editorSuite();
let buildDir: string | undefined;
let site: RunningSite | undefined;

afterAll(async () => {
  await site?.close();
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
});

describe("a page made in the page editor, after a build", () => {
  it("is in the header's Industries menu, with the text typed in the editor, and the build holds no editor code", async () => {
    const { page } = await createIndustryPage(suite, "Marine Insurance");
    await page
      .getByRole("navigation", { name: "Page outline" })
      .getByRole("button", { name: /^Industry hero/ })
      .click();
    await page.getByLabel("Heading", { exact: true }).fill(HEADING);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await page.context().close();

    // What `npm run build` does after generating the types: validate, then build, here on the copy's site-config/.
    const configDir = path.join(suite.project.dir, "site-config");
    const { problems } = validateConfig({ configDir, publicDir: path.join(suite.project.dir, "public") });
    expect(problems.map(formatProblem)).toEqual([]);
    // Inside the project, so that the prerenderer's server bundle resolves its packages from node_modules/.
    fs.mkdirSync(path.join(ROOT, "node_modules", ".cache"), { recursive: true });
    buildDir = fs.mkdtempSync(path.join(ROOT, "node_modules", ".cache", "editor-build-"));
    const started = Date.now();
    const build = spawnSync("npx", ["react-router", "build"], {
      cwd: ROOT,
      env: {
        ...process.env,
        SITE_CONFIG_DIR: configDir,
        BUILD_DIR: buildDir,
        PRERENDER_ONLY: PAGE,
        PREVIEW_CARDS: "off",
      },
      encoding: "utf8",
    });
    expect(build.status, `the copy builds:\n${(build.stderr || build.stdout).slice(-3000)}`).toBe(0);
    console.log(`build of the copy with the new page: ${Math.round((Date.now() - started) / 1000)} s`);

    expect(editorInBuild(buildDir).map((leak) => leak.message)).toEqual([]);

    site = await startSite(buildDir);
    const visitor = await suite.browser.newPage({ viewport: DESKTOP });
    await visitor.goto(`${site.url}${PAGE}`);
    await visitor.getByRole("heading", { name: HEADING, level: 1 }).waitFor();
    const industries = visitor.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Industries" });
    await industries.click();
    const menu = visitor.locator(`#${await industries.getAttribute("popovertarget")}`);
    const link = menu.getByRole("link", { name: /^Marine Insurance/ });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(PAGE);
    await visitor.close();
  }, 300_000);
});
