import fs from "node:fs";
import path from "node:path";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, outlineBlock } from "./support/editor.ts";
import { editAddress } from "../../editor/protocol.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();
const ORDER = ["Industry hero", "Video", "Use-case cards", "Checklist", "Call to action"];

const boxOf = async (target: Locator) => {
  const box = await target.boundingBox();
  if (!box) throw new Error("not on screen");
  return box;
};

describe("the editor's outline, with a mouse, in Chromium", () => {
  it("selects a block when the pointer rests on its text as its tools appear, and never moves it", async () => {
    const before = fs.readFileSync(path.join(suite.project.dir, PET), "utf8");
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // The editor's first request compiles its app; a busy machine takes a while.
    page.setDefaultTimeout(120_000);
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
    const nav = page.getByRole("navigation", { name: "Page outline" });
    const labels = nav.locator(".outline-label");
    const announced = nav.locator('[aria-live="polite"]');
    await expect.poll(() => labels.allTextContents()).toEqual(ORDER);

    for (const [index, label, part] of [
      [1, "Video", ".outline-label"],
      [3, "Checklist", ".outline-heading"],
      [0, "Industry hero", ".outline-label"],
      [4, "Call to action", ".outline-label"],
    ] as const) {
      const item = nav.locator(".outline-item").nth(index);
      const moveUp = item.getByRole("button", { name: `Move ${label} ${index + 1} up` });
      // The pointer rests on the right end of the row's text as a person's does, before the row's tools show.
      await page.mouse.move(4, 4);
      expect(await moveUp.isVisible()).toBe(false);
      const text = await boxOf(item.locator(part));
      const x = text.x + text.width - 3;
      const y = text.y + text.height / 2;
      await page.mouse.move(x, y);
      await moveUp.waitFor();
      // The tools came in beside the text, not over it: it is where it was.
      expect(await boxOf(item.locator(part))).toEqual(text);
      const tools = await boxOf(item.locator(".outline-tools"));
      expect(tools.x).toBeGreaterThanOrEqual(text.x + text.width);
      await page.waitForTimeout(300);
      await page.mouse.down();
      await page.mouse.up();
      await expect.poll(() => outlineBlock(page, label).getAttribute("aria-current")).toBe("true");
      await page.getByRole("region", { name: label }).waitFor();
      expect(await labels.allTextContents()).toEqual(ORDER);
      expect(await announced.textContent()).not.toContain("moved to position");
    }
    // Nothing was changed, so nothing waits to be saved.
    expect(await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).isDisabled()).toBe(true);
    expect(fs.readFileSync(path.join(suite.project.dir, PET), "utf8")).toBe(before);
    await context.close();
  }, 300_000);

  it("shows a hovered block's moves at the end of its row, and the selected block's four tools on a line of their own", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
    const nav = page.getByRole("navigation", { name: "Page outline" });
    await outlineBlock(page, "Video").click();
    const selected = nav.locator(".outline-item").nth(1);
    const names = (item: Locator) =>
      item
        .locator(".outline-tools")
        .getByRole("button")
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(await names(selected)).toEqual([
      "Move Video 2 up",
      "Move Video 2 down",
      "Duplicate Video 2",
      "Delete Video 2",
    ]);
    // The selected block's label and heading keep the row's width; its tools are below them.
    const text = await boxOf(selected.locator(".outline-text"));
    expect((await boxOf(selected.locator(".outline-tools"))).y).toBeGreaterThanOrEqual(text.y + text.height);

    const hovered = nav.locator(".outline-item").nth(3);
    await hovered.hover();
    expect(await names(hovered)).toEqual(["Move Checklist 4 up", "Move Checklist 4 down"]);
    // A long label or heading ends in an ellipsis before the tools; the tooltip has it whole.
    expect(await outlineBlock(page, "Checklist").getAttribute("title")).toBe(
      "Checklist: Everything a pet claims team needs",
    );
    await context.close();
  }, 300_000);
});
