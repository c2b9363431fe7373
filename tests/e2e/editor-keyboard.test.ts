import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { validateConfig } from "../../toolchain/validate.ts";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, isFocused, outlineBlock, mergedStatus, preview, savedStatus, tabTo } from "./support/editor.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();
const file = () => path.join(suite.project.dir, PET);

interface Stat {
  label: string;
}
interface SavedPage {
  blocks: { type: string; badge?: string; heading?: string; stats?: Stat[] }[];
}
const saved = () => JSON.parse(fs.readFileSync(file(), "utf8")) as SavedPage;

/** The name of the control that has the focus, as a screen reader announces it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? null;
  });

/** The values of the labels of the Stats block's items, in order, as the form shows them. */
const statLabels = (form: Locator) =>
  form
    .getByRole("textbox", { name: "Label", exact: true })
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));

describe("the page editor with the keyboard alone, in Chromium", () => {
  it("finds a page, edits it, adds, arranges and removes blocks and items, saves, and settles a file conflict", async () => {
    const before = fs.readFileSync(file(), "utf8");
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(suite.editor.url);
    const keys = page.keyboard;

    // The page list: search, then open the page; the focus moves to the page's title, as a site's router does.
    const search = page.getByRole("searchbox", { name: "Search by title, path, menu or locale" });
    await tabTo(page, search);
    await keys.type("pet insurance");
    await tabTo(page, page.getByRole("link", { name: "AI agents for pet insurance" }), { maxTabs: 3 });
    await keys.press("Enter");
    const title = page.getByRole("heading", { name: "AI agents for pet insurance", level: 1 });
    await expect.poll(() => isFocused(title)).toBe(true);

    // Select the hero in the outline and change its badge; the preview follows.
    await tabTo(page, outlineBlock(page, "Industry hero"));
    await keys.press("Enter");
    const form = page.getByRole("region", { name: "Industry hero" });
    await form.waitFor();
    await tabTo(page, form.getByLabel("Badge", { exact: true }));
    await keys.press("ControlOrMeta+A");
    await keys.type("Pets and vets");
    await preview(page).getByText("Pets and vets").waitFor();

    // A block from the palette: its search has the focus, Tab reaches the match, Enter inserts it after the hero.
    await tabTo(page, page.getByRole("button", { name: "Add block" }), { back: true });
    await keys.press("Enter");
    const palette = page.getByRole("dialog", { name: "Add a block" });
    await expect.poll(() => isFocused(palette.getByRole("searchbox", { name: "Search block types" }))).toBe(true);
    await keys.type("stats");
    await tabTo(page, palette.getByRole("button", { name: /^Stats/ }), { maxTabs: 3 });
    await keys.press("Enter");
    const stats = page.getByRole("region", { name: "Stats" });
    await stats.waitFor();
    expect(await palette.isVisible()).toBe(false);
    const outline = page.locator(".outline-label");
    await expect
      .poll(() => outline.allTextContents())
      .toEqual(["Industry hero", "Stats", "Video", "Use-case cards", "Checklist", "Call to action"]);

    // The items of the block's list: move one up (the focus follows it), remove the last (the focus stays in the list).
    expect(await statLabels(stats)).toEqual(["Resolution", "Customer satisfaction", "Support cost saving"]);
    await tabTo(page, stats.getByRole("button", { name: "Move Stat 2 up" }));
    await keys.press("Enter");
    await expect.poll(() => statLabels(stats)).toEqual(["Customer satisfaction", "Resolution", "Support cost saving"]);
    await expect.poll(() => focusedName(page)).toBe("Move Stat 1 down");
    await tabTo(page, stats.getByRole("button", { name: "Remove Stat 3" }));
    await keys.press("Enter");
    await expect.poll(() => statLabels(stats)).toEqual(["Customer satisfaction", "Resolution"]);
    await expect.poll(() => focusedName(page)).toBe("Remove Stat 2");

    // The block itself: Alt+↑ moves it to the top; duplicate it, then delete the copy with its own tools.
    const nav = page.getByRole("navigation", { name: "Page outline" });
    await tabTo(page, outlineBlock(page, "Stats"), { back: true });
    await keys.press("Alt+ArrowUp");
    await expect.poll(() => outline.first().textContent()).toBe("Stats");
    await expect.poll(() => isFocused(outlineBlock(page, "Stats"))).toBe(true);
    await tabTo(page, nav.getByRole("button", { name: "Duplicate Stats 1" }), { maxTabs: 3 });
    await keys.press("Enter");
    await expect.poll(() => outline.nth(1).textContent()).toBe("Stats");
    await tabTo(page, nav.getByRole("button", { name: "Delete Stats 2" }), { maxTabs: 8 });
    await keys.press("Enter");
    await expect.poll(() => outline.nth(1).textContent()).toBe("Industry hero");
    await expect.poll(() => isFocused(outlineBlock(page, "Stats"))).toBe(true);

    // Ctrl+S saves: the file holds every change above, and validates.
    await keys.press("ControlOrMeta+S");
    await savedStatus(page);
    const first = saved();
    expect(first.blocks.map((block) => block.type)).toEqual([
      "stats",
      "industry-hero",
      "video",
      "use-case-cards",
      "checklist",
      "call-to-action",
    ]);
    expect(first.blocks[0].stats?.map((stat) => stat.label)).toEqual(["Customer satisfaction", "Resolution"]);
    expect(first.blocks[1].badge).toBe("Pets and vets");
    const project = suite.project.dir;
    const config = { configDir: path.join(project, "site-config"), publicDir: path.join(project, "public") };
    expect(validateConfig(config).problems).toEqual([]);

    // Someone else changes the same heading and another field; saving asks which heading to keep. Escape leaves both
    // versions as they are; keeping mine writes mine, with their other change merged in.
    await tabTo(page, stats.getByLabel("Heading", { exact: true }));
    await keys.press("End");
    await keys.type(" today");
    const theirs = fs
      .readFileSync(file(), "utf8")
      .replace('"badge": "Pets and vets"', '"badge": "Pet Cover"')
      .replace('"heading": "Numbers our customers see"', '"heading": "Numbers that matter"');
    fs.writeFileSync(file(), theirs);
    await keys.press("ControlOrMeta+S");
    const conflict = page.getByRole("dialog", { name: "Changed meanwhile: choose what to keep" });
    await conflict.waitFor();
    await expect.poll(() => conflict.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await keys.press("Escape");
    await conflict.waitFor({ state: "hidden" });
    expect(fs.readFileSync(file(), "utf8")).toBe(theirs);
    await expect.poll(() => isFocused(stats.getByLabel("Heading", { exact: true }))).toBe(true);
    await keys.press("ControlOrMeta+S");
    await conflict.waitFor();
    // The dialog opens on the first field's first choice: Space keeps mine.
    const mine = conflict.getByRole("group", { name: "Stats › Heading" }).getByRole("radio", { name: "Keep yours" });
    await expect.poll(() => isFocused(mine)).toBe(true);
    await keys.press("Space");
    await tabTo(page, conflict.getByRole("button", { name: "Save with these choices" }), { maxTabs: 4 });
    await keys.press("Enter");
    await mergedStatus(page);
    const second = saved();
    expect(second.blocks[0].heading).toBe("Numbers our customers see today");
    expect(second.blocks[1].badge).toBe("Pet Cover");

    fs.writeFileSync(file(), before);
    await context.close();
  });
});
