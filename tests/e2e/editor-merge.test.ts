import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { editorErrors } from "../../contract/errors.ts";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, mergedStatus, outlineBlock, savedStatus, violationLines } from "./support/editor.ts";
import { screenshots } from "./support/shots.ts";
import { editAddress } from "../../editor/protocol.ts";

/**
 * Two tabs of `npm run edit` on one page, each saving from the version it opened: changes to different fields are both
 * kept, and a field both changed is asked about, both values side by side, and what was chosen is written.
 *
 * Each person of the team editor edits a copy of their own, so two saves of one file come from one person's tabs (or
 * another program writing the file); two people's changes to one page meet at Get latest, which merges the same way
 * (editor/publishing-routes.slow.test.ts). E2E_SHOTS_DIR keeps the merge choice's screenshots at 390 and 1366 px;
 * docs/images holds the ones docs/editor.md shows.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();

type Page_ = { title: string; blocks: { badge: string; heading: string }[] };
const onDisk = () => JSON.parse(fs.readFileSync(path.join(suite.project.dir, PET), "utf8")) as Page_;

async function openPet(page: Page) {
  await page.goto(`${suite.editor.url}${editAddress(PET)}`);
  await outlineBlock(page, "Industry hero").click();
  await page.getByLabel("Badge", { exact: true }).waitFor();
}

describe("two tabs saving one page from the same version", () => {
  // Two tabs, four saves and an audit take longer than one tab's tests, the more so on a loaded machine.
  it("keeps both changes to different fields, and asks about a field both changed, then keeps what was chosen", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const [first, second] = [await context.newPage(), await context.newPage()];
    await openPet(first);
    await openPet(second);

    // Different fields: the second save is merged with the first, and its tab shows the first tab's change.
    await first.getByLabel("Badge", { exact: true }).fill("Pets and vets");
    await first.getByRole("button", { name: "Save" }).click();
    await savedStatus(first);
    await second.getByLabel("Heading", { exact: true }).fill("Care for every pet, at any hour");
    await second.getByRole("button", { name: "Save" }).click();
    await mergedStatus(second);
    await expect.poll(() => second.getByLabel("Badge", { exact: true }).inputValue()).toBe("Pets and vets");
    expect(onDisk().blocks[0]).toMatchObject({ badge: "Pets and vets", heading: "Care for every pet, at any hour" });

    // One field both changed: nothing is written until the second tab chooses; then its choice is.
    await first.getByLabel("Badge", { exact: true }).fill("Pet cover");
    await first.getByRole("button", { name: "Save" }).click();
    await mergedStatus(first);
    await expect
      .poll(() => first.getByLabel("Heading", { exact: true }).inputValue())
      .toBe("Care for every pet, at any hour");
    await second.getByLabel("Badge", { exact: true }).fill("Pet insurance support");
    await second.getByRole("button", { name: "Save" }).click();
    const dialog = second.getByRole("dialog", { name: editorErrors.conflict.title });
    await dialog.waitFor();
    const badge = dialog.getByRole("group", { name: "Industry hero › Badge" });
    expect(await badge.textContent()).toContain("Before: Pets and vets");
    expect(await badge.getByText("Pet insurance support").count()).toBe(1);
    expect(await badge.getByText("Pet cover").count()).toBe(1);
    expect(onDisk().blocks[0].badge).toBe("Pet cover");
    expect(await violationLines(axeAudit(second).exclude('iframe[title^="Preview"]'))).toEqual([]);
    await screenshots(second, "editor-merge-choice");

    await badge.getByRole("radio", { name: "Keep yours" }).check();
    await dialog.getByRole("button", { name: "Save with these choices" }).click();
    await mergedStatus(second);
    expect(await dialog.count()).toBe(0);
    expect(onDisk().blocks[0]).toMatchObject({
      badge: "Pet insurance support",
      heading: "Care for every pet, at any hour",
    });
    await context.close();
  }, 120_000);
});
