import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, outlineBlock, preview } from "./support/editor.ts";

/**
 * A page that places a shared section (docs/sections.md), in the editor: the preview shows the section's blocks where
 * the page places them, with the page's override, as the built page will; the section is one row of the outline.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const SECTION = {
  $schema: "../../schemas/section.schema.json",
  name: "Demo band",
  overridable: { heading: "/blocks/0/heading" },
  blocks: [
    {
      type: "text-section",
      id: "demo",
      heading: "See it on your calls",
      paragraphs: ["Book a demo: we show the agents on calls like yours."],
    },
  ],
};

const suite = editorSuite((projectDir) => {
  fs.mkdirSync(path.join(projectDir, "site-config/sections"), { recursive: true });
  fs.writeFileSync(
    path.join(projectDir, "site-config/sections/demo-band.json"),
    `${JSON.stringify(SECTION, null, 2)}\n`,
  );
  const file = path.join(projectDir, PET);
  const page = JSON.parse(fs.readFileSync(file, "utf8")) as { blocks: unknown[] };
  page.blocks.splice(1, 0, {
    type: "section",
    section: "demo-band",
    overrides: { heading: "See it on your pet claims calls" },
  });
  fs.writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
});

describe("a shared section in the page editor, in Chromium", () => {
  it("shows the section's blocks in the preview where the page places them, with the page's override", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${suite.editor.url}/#/edit/${encodeURIComponent(PET)}`);
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
});
