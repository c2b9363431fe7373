import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, outlineBlock } from "./support/editor.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();
const ORDER = ["Industry hero", "Video", "Use-case cards", "Checklist", "Call to action"];

describe("the editor's outline, with a mouse, in Chromium", () => {
  it("selects a hovered block on a click anywhere on its label or heading, and never moves it", async () => {
    const before = fs.readFileSync(path.join(suite.project.dir, PET), "utf8");
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // The editor's first request compiles its app; a busy machine takes a while.
    page.setDefaultTimeout(120_000);
    await page.goto(`${suite.editor.url}/#/edit/${encodeURIComponent(PET)}`);
    const nav = page.getByRole("navigation", { name: "Page outline" });
    const labels = nav.locator(".outline-label");
    await expect.poll(() => labels.allTextContents()).toEqual(ORDER);

    for (const [index, label] of [
      [3, "Checklist"],
      [0, "Industry hero"],
    ] as const) {
      const item = nav.locator(".outline-item").nth(index);
      await item.hover();
      // The row's tools show on hover, in a place of their own beside the text.
      await item.getByRole("button", { name: `Move ${label} ${index + 1} up` }).waitFor();
      for (const part of [".outline-label", ".outline-heading"]) {
        const box = await item.locator(part).boundingBox();
        if (!box) throw new Error(`${label} has no ${part} on screen`);
        await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
        await expect.poll(() => outlineBlock(page, label).getAttribute("aria-current")).toBe("true");
        await page.getByRole("region", { name: label }).waitFor();
        expect(await labels.allTextContents()).toEqual(ORDER);
      }
    }
    // Nothing was changed, so nothing waits to be saved.
    expect(await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).isDisabled()).toBe(true);
    expect(fs.readFileSync(path.join(suite.project.dir, PET), "utf8")).toBe(before);
    await context.close();
  }, 300_000);
});
