import fs from "node:fs";
import path from "node:path";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { describe, expect, it } from "vitest";
import { editorErrors, migrationErrors } from "../../contract/errors.ts";
import { createValidators } from "../../contract/schemas.server.ts";
import { lineDiff } from "../../scripts/content/line-diff.ts";
import { scaffoldMigration } from "../../toolchain/scaffold-migration.ts";
import { formatProblem, validateConfig } from "../../toolchain/validate.ts";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, preview, savedStatus, seriousViolations, tabTo } from "./support/editor.ts";
import { editAddress } from "../../editor/protocol.ts";

/**
 * A page from a marketer's branch made before a block type changed, opened in the editor after the change was merged.
 * In the suite's copy of the project, the 'video' block gets a history as `npm run new:migration` writes it: its
 * version 1 called the caption `legend` (the kept schema of 002-legend-to-caption says so), and the migration renames
 * it to today's `caption`. The site's own pages are at today's version; the branch's page is not.
 */
const BRANCH = "site-config/pages/branch-offer.json";
const CAPTION = "Two minutes with the voice agent.";

async function giveVideoAnOlderVersion(dir: string) {
  const [kept, migration] = await scaffoldMigration({ type: "video", name: "legend-to-caption", projectDir: dir });
  fs.writeFileSync(kept, fs.readFileSync(kept, "utf8").replaceAll('"caption"', '"legend"'));
  fs.writeFileSync(
    migration,
    `export const description = "\`legend\` is now \`caption\`.";

export function up({ legend, ...block }: { legend?: string }) {
  return legend === undefined ? block : { ...block, caption: legend };
}
`,
  );
  const page = {
    $schema: "../../schemas/page.schema.json",
    path: "/branch-offer",
    title: "An offer from an older branch",
    description: "Written before the video block changed, merged after.",
    blocks: [
      { type: "video", heading: "See it at work", src: "/media/demo.mp4", title: "Demo", legend: CAPTION },
      { type: "call-to-action" },
    ],
  };
  fs.writeFileSync(path.join(dir, BRANCH), `${JSON.stringify(page, null, 2)}\n`);
}

const suite = editorSuite(giveVideoAnOlderVersion);

const problemsOfSite = () =>
  validateConfig({
    configDir: path.join(suite.project.dir, "site-config"),
    publicDir: path.join(suite.project.dir, "public"),
    validators: createValidators(suite.project.dir),
  }).problems.map(formatProblem);

describe("the editor's migration banner, with the keyboard alone, in Chromium", () => {
  it("names the older block, migrates it into an unsaved change the preview shows, and saves a file that validates", async () => {
    const file = path.join(suite.project.dir, BRANCH);
    const before = fs.readFileSync(file, "utf8");
    expect(problemsOfSite()).toEqual([
      expect.stringMatching(
        /^site-config\/pages\/branch-offer\.json:\d+:5 {2}\/blocks\/0 {2}MIG001 `\/blocks\/0` is a 'video' block of version 1/,
      ),
    ]);

    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // The editor's first request compiles its app; a busy machine takes a while.
    page.setDefaultTimeout(120_000);
    await page.goto(`${suite.editor.url}${editAddress(BRANCH)}`);
    const banner = page.getByRole("alert").filter({ hasText: editorErrors.olderBlocks.title });
    await banner.waitFor();
    expect(await banner.locator("li").allTextContents()).toEqual([
      migrationErrors.olderBlock.message({
        pointer: "/blocks/0",
        type: "video",
        version: 1,
        latest: 2,
        names: ["legend-to-caption"],
      }),
    ]);
    expect(await banner.textContent()).toContain(editorErrors.olderBlocks.hint);
    // The preview renders today's component: the older block's `legend` is not its caption.
    await preview(page).getByRole("heading", { name: "See it at work" }).waitFor();
    expect(await preview(page).getByText(CAPTION).count()).toBe(0);

    expect(await seriousViolations(axeAudit(page).include('[role="alert"]'))).toEqual([]);

    const migrate = banner.getByRole("button", { name: "Migrate this block" });
    await tabTo(page, migrate);
    await page.keyboard.press("Enter");
    await banner.waitFor({ state: "detached" });
    await page.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
    await preview(page).getByText(CAPTION).waitFor();
    // Migrating is an edit like any other: nothing is written until it is saved.
    expect(fs.readFileSync(file, "utf8")).toBe(before);

    // From where the banner was, the toolbar's Save is behind: back up to it, as a keyboard user would.
    await tabTo(page, page.getByRole("button", { name: "Save", exact: true }), { back: true });
    await page.keyboard.press("Enter");
    await savedStatus(page);
    const after = fs.readFileSync(file, "utf8");
    expect(JSON.parse(after).blocks[0]).toEqual({
      type: "video",
      heading: "See it at work",
      src: "/media/demo.mp4",
      title: "Demo",
      caption: CAPTION,
    });
    expect(lineDiff(before, after).map((line) => line.replace(/^ *\d+ /, ""))).toEqual([
      `-       "legend": "${CAPTION}"`,
      `+       "caption": "${CAPTION}"`,
    ]);
    expect(problemsOfSite()).toEqual([]);
    await context.close();
  }, 300_000);
});
