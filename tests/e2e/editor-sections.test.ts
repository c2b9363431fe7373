import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { editorSectionLines, messageOf } from "../../contract/errors.ts";
import { DESKTOP, MOBILE } from "./support/browser.ts";
import { editorSuite, outlineBlock, preview, savedStatus } from "./support/editor.ts";
import { SHOTS_DIR, shoot } from "./support/shots.ts";
import { editAddress } from "../../editor/protocol.ts";

/**
 * A page that places a shared section (docs/sections.md), in the editor: the preview shows the section's blocks where
 * the page places them, with the page's override, as the built page will; the section is one row of the outline.
 * A section opened from the page list is edited like a page, says which pages it changes and previews each with the
 * section as edited; a page detaches it after a confirmation, and only that page stops placing it.
 *
 * The screenshots of the section being edited go to E2E_SHOTS_DIR (docs/images/ for the docs); none without it:
 *   E2E_SHOTS_DIR=docs/images npm run test:e2e -- tests/e2e/editor-sections.test.ts
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const SECTION = {
  $schema: "../../schemas/section.schema.json",
  name: "Demo band",
  overridable: { heading: "/blocks/0/heading" },
  blocks: [
    {
      type: "text-section",
      id: "demo-band",
      heading: "See it on your calls",
      paragraphs: ["Book a demo: we show the agents on calls like yours."],
    },
  ],
};

const DENTAL = "site-config/pages/industries/dental-insurance.json";
/** A section placed, without overrides, by the pet and the dental pages. */
const TRUST_NOTE = {
  $schema: "../../schemas/section.schema.json",
  name: "Trust note",
  blocks: [{ type: "text-section", heading: "Built for regulated claims", paragraphs: ["Every call is recorded."] }],
};

const placeIn = (projectDir: string, file: string, at: number, reference: Record<string, unknown>) => {
  const full = path.join(projectDir, file);
  const page = JSON.parse(fs.readFileSync(full, "utf8")) as { blocks: unknown[] };
  page.blocks.splice(at, 0, reference);
  fs.writeFileSync(full, `${JSON.stringify(page, null, 2)}\n`);
};
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(suite.project.dir, file), "utf8")) as {
    title: string;
    blocks: Record<string, unknown>[];
  };

const suite = editorSuite((projectDir) => {
  fs.mkdirSync(path.join(projectDir, "site-config/sections"), { recursive: true });
  for (const [id, section] of [
    ["demo-band", SECTION],
    ["trust-note", TRUST_NOTE],
  ] as const)
    fs.writeFileSync(path.join(projectDir, `site-config/sections/${id}.json`), `${JSON.stringify(section, null, 2)}\n`);
  placeIn(projectDir, PET, 1, {
    type: "section",
    section: "demo-band",
    overrides: { heading: "See it on your pet claims calls" },
  });
  placeIn(projectDir, PET, 2, { type: "section", section: "trust-note" });
  placeIn(projectDir, DENTAL, 1, { type: "section", section: "trust-note" });
});

/**
 * Both widths' screenshots of what the tab shows, `<name>-390.png` and `<name>-1366.png`, `shown` scrolled into view
 * (on a phone, in the Fields pane, which holds it); the tab ends at 1366 px.
 */
async function screenshots(page: Page, name: string, shown: Locator) {
  if (!SHOTS_DIR) return;
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    if (viewport === MOBILE)
      await page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Fields" }).click();
    await shown.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await shoot(page, `${name}-${viewport.width}`);
  }
}

describe("a shared section in the page editor, in Chromium", () => {
  it("shows the section's blocks in the preview where the page places them, with the page's override", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
    await page.getByRole("navigation", { name: "Page outline" }).waitFor();
    const frame = preview(page);
    await frame.getByRole("heading", { name: "See it on your pet claims calls" }).waitFor();
    expect(await frame.getByText("Book a demo: we show the agents on calls like yours.").count()).toBe(1);
    // The section stands where the page places it: between the hero and the page's next block.
    const order = await frame
      .locator("[data-editor-index]")
      .evaluateAll((blocks) => blocks.map((block) => block.textContent?.includes("See it on your pet claims calls")));
    expect(order.indexOf(true)).toBe(1);
    expect(await outlineBlock(page, "Shared section").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("edits a section opened from the page list, shows the pages it changes, previews one; a page detaches it", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(suite.editor.url);
    const list = page.getByRole("region", { name: "Shared sections" });
    const row = list.getByRole("row").filter({ hasText: "Trust note" });
    await expect(row.textContent()).resolves.toContain(messageOf(editorSectionLines.usage, { pages: 2 }));
    await row.getByRole("link", { name: "Trust note" }).click();

    // The section opens like a page: its name as the title, its settings with the pages it changes.
    await page.getByRole("heading", { name: "Trust note", level: 1 }).waitFor();
    await page.getByRole("heading", { name: messageOf(editorSectionLines.usage, { pages: 2 }) }).waitFor();
    const pages = page.getByRole("region", { name: messageOf(editorSectionLines.usage, { pages: 2 }) });
    const [petTitle, dentalTitle] = [PET, DENTAL].map((file) => String(readJson(file).title));
    for (const title of [petTitle!, dentalTitle!])
      expect(await pages.getByRole("listitem").filter({ hasText: title }).count()).toBe(1);

    // Its block is edited as a page's is; the preview of a page it changes shows the edit before it is saved.
    await outlineBlock(page, "Text section").click();
    const heading = page.getByRole("region", { name: "Text section" }).getByLabel("Heading", { exact: true });
    await heading.fill("Built for regulated pet claims");
    await outlineBlock(page, "Section settings").click();
    await pages.getByRole("button", { name: `Preview ${dentalTitle}` }).click();
    const frame = preview(page);
    await frame.getByRole("heading", { name: "Built for regulated pet claims" }).waitFor();
    // The dental page's own blocks around it: its hero's heading.
    expect(await frame.getByRole("heading", { level: 1 }).textContent()).toBe(readJson(DENTAL).blocks[0]!.heading);
    await screenshots(page, "editor-section", pages);
    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);
    expect(readJson("site-config/sections/trust-note.json").blocks[0]!.heading).toBe("Built for regulated pet claims");

    // On the pet page, the section's row opens the section, and detaches it after the dialog asks.
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
    await page.reload();
    const outline = page.getByRole("navigation", { name: "Page outline" });
    await outline.waitFor();
    await outline.getByRole("button", { name: /^Shared section\s*trust-note/ }).click();
    await outline.getByRole("button", { name: "Detach" }).click();
    const dialog = page.getByRole("dialog", { name: editorSectionLines.detach.title });
    await expect(dialog.textContent()).resolves.toContain(
      messageOf(editorSectionLines.detach, { section: "trust-note" }),
    );
    await dialog.getByRole("button", { name: "Detach" }).click();
    await outline.getByRole("button", { name: /^Text section\s*Built for regulated pet claims/ }).waitFor();
    expect(await outline.getByRole("button", { name: /^Shared section\s*trust-note/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);

    // Only the pet page stopped placing it: it holds a copy of the blocks; the dental page still places the section.
    const pet = readJson(PET).blocks;
    expect(pet.some((block) => block.section === "trust-note")).toBe(false);
    expect(pet[2]).toEqual({ ...TRUST_NOTE.blocks[0], heading: "Built for regulated pet claims" });
    expect(readJson(DENTAL).blocks.some((block) => block.section === "trust-note")).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
