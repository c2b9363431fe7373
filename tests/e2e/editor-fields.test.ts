import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { asSentence, mediaErrors, messageOf } from "../../contract/errors.ts";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite, isFocused, mergedStatus, outlineBlock, savedStatus } from "./support/editor.ts";
import { editAddress } from "../../editor/protocol.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();

const read = (file: string) => fs.readFileSync(path.join(suite.project.dir, file), "utf8");
const reset = (file: string, text: string) => fs.writeFileSync(path.join(suite.project.dir, file), text);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a saved page, read in assertions

/** A fresh tab (no drafts left by another test) on the editor, with the given page open. */
async function openEditor(file = PET): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${suite.editor.url}${editAddress(file)}`);
  await page.getByRole("navigation", { name: "Page outline" }).waitFor();
  return page;
}

async function save(page: Page): Promise<Json> {
  await page.getByRole("button", { name: "Save" }).click();
  await savedStatus(page);
  return JSON.parse(read(PET)) as Json;
}

/** The words of the field's accessible description (its help text, then any problem). */
async function description(page: Page, field: Locator): Promise<string> {
  const ids = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const texts = await Promise.all(ids.map((id) => page.locator(`#${id}`).textContent()));
  return texts.join(" ");
}

/** The values a field's picker offers: the options of the datalist it is bound to. */
const suggestions = (field: Locator) =>
  field.evaluate((input) => Array.from((input as HTMLInputElement).list?.options ?? []).map((option) => option.value));

describe("the page editor's fields, in Chromium", () => {
  it("edits text with its length counter, long text in a textarea, a number and a select in nested objects, and saves them", async () => {
    const before = read(PET);
    const page = await openEditor();
    await outlineBlock(page, "Industry hero").click();

    const heading = page.getByRole("textbox", { name: "Heading", exact: true });
    const counter = page.locator(".field").filter({ has: heading }).locator(".counter");
    expect(await counter.textContent()).toBe("42 / 120");
    // A heading may hold 120 characters: its field wraps and grows with the text, and stays one line of the page.
    expect(await heading.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    const long =
      "Calm, caring support when a pet needs help, at any hour, from agents who know your policies and your vets";
    await heading.fill(long);
    const height = (await heading.boundingBox())?.height ?? 0;
    expect(await heading.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
    await heading.press("End");
    await heading.press("Enter");
    expect(await heading.inputValue()).toBe(long);
    await heading.fill("Calm support");
    await expect.poll(() => counter.textContent()).toBe("12 / 120");
    expect((await heading.boundingBox())?.height).toBeLessThan(height);

    const text = page.getByRole("textbox", { name: "Text", exact: true });
    expect(await text.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    await text.fill("Claims handled with care.");

    const badge = page.getByRole("textbox", { name: "Badge", exact: true });
    expect(await description(page, badge)).toBe(
      "Short label in a pill above the headline, usually the industry's name.",
    );

    const stat = page.getByRole("group", { name: "Stat" });
    await stat.getByRole("spinbutton", { name: "Value" }).fill("75");
    const variant = page.getByRole("group", { name: "Schedule Demo" }).getByRole("combobox", { name: "Variant" });
    expect(await variant.inputValue()).toBe("");
    await variant.selectOption("secondary");

    const saved = await save(page);
    const hero = saved.blocks[0];
    expect(hero.heading).toBe("Calm support");
    expect(hero.text).toBe("Claims handled with care.");
    expect(hero.stat).toEqual({ ...JSON.parse(before).blocks[0].stat, value: 75 });
    expect(hero.actions[0]).toEqual({ label: "Schedule Demo", href: "/contact", variant: "secondary" });
    reset(PET, before);
    await page.context().close();
  });
  it("adds, moves and removes items of an array of objects, adds and clears optional fields, and saves them", async () => {
    const before = read(PET);
    const page = await openEditor();
    await outlineBlock(page, "Checklist").click();
    const legend = page.locator("legend").filter({ hasText: /^Items \(/ });
    expect(await legend.textContent()).toBe("Items (6)");
    await page.getByRole("button", { name: "Add to items" }).click();
    await expect.poll(() => legend.textContent()).toBe("Items (7)");
    expect(await page.getByRole("group", { name: "Item 7" }).getByLabel("Text", { exact: true }).inputValue()).toBe("");
    await page.getByRole("button", { name: "Remove Item 7" }).click();
    await expect.poll(() => legend.textContent()).toBe("Items (6)");
    await page.getByRole("button", { name: "Move Item 1 down" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("group", { name: /^Items/ })
          .getByLabel("Text", { exact: true })
          .first()
          .inputValue(),
      )
      .toBe("Vet-facing agent for treatment queries");

    await outlineBlock(page, "Industry hero").click();
    await page.getByText("Add an optional field:").first().waitFor();
    await page.getByRole("button", { name: "Id", exact: true }).click();
    const id = page.getByRole("textbox", { name: "Id", exact: true });
    await id.fill("pet-hero");
    await page.getByRole("group", { name: "Stat" }).getByRole("button", { name: "Clear Suffix" }).click();
    await expect.poll(() => page.getByRole("group", { name: "Stat" }).getByLabel("Suffix").count()).toBe(0);

    const saved = await save(page);
    const items = JSON.parse(before).blocks[3].items;
    expect(saved.blocks[3].items).toEqual([items[1], items[0], ...items.slice(2)]);
    const hero = saved.blocks[0];
    expect(hero.id).toBe("pet-hero");
    expect(hero.stat).not.toHaveProperty("suffix");
    reset(PET, before);
    await page.context().close();
  });

  it("ends a long item name in an ellipsis before the item's buttons, at 390 and 1366 px, and names the item whole", async () => {
    const name = "Can the agent take a cargo claim at 3 a.m.?";
    const page = await openEditor();
    await outlineBlock(page, "Use-case cards").click();
    await page
      .getByRole("group", { name: "Emergency claims with vet coordination" })
      .getByRole("textbox", { name: "Title", exact: true })
      .fill(name);
    // The group is named by the item's words, whole, and so is its tooltip.
    const item = page.getByRole("group", { name, exact: true });
    const legend = item.locator("legend");
    expect(await legend.getAttribute("title")).toBe(name);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ ...DESKTOP, width });
      await legend.scrollIntoViewIfNeeded();
      const text = await legend.boundingBox();
      const tools = await page.getByRole("listitem").filter({ has: item }).locator(".array-item-tools").boundingBox();
      if (!text || !tools) throw new Error("the item's name or buttons are not on screen");
      expect(text.x + text.width).toBeLessThanOrEqual(tools.x);
      // Cut, not wrapped: the name is longer than its room, and stays on one line.
      expect(await legend.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await legend.evaluate((element) => getComputedStyle(element).textOverflow)).toBe("ellipsis");
    }
    await page.context().close();
  });

  it("adds an optional group and removes whole groups, with the focus on what comes next, and saves them", async () => {
    const before = read(PET);
    const page = await openEditor();
    await page.getByRole("heading", { name: "Page settings" }).waitFor();

    await page.getByRole("button", { name: "Image", exact: true }).click();
    const image = page.getByRole("group", { name: "Image" });
    await image.waitFor();
    await expect.poll(() => image.evaluate((group) => group.contains(document.activeElement))).toBe(true);
    // Empty, the new group's fields are problems to fix, shown as such (not a failure of the editor).
    await expect.poll(() => page.locator(".topbar .status").textContent()).toMatch(/^\d+ problems? Unsaved changes$/);
    await image.getByRole("button", { name: "Remove image" }).click();
    await image.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(page.getByRole("button", { name: "Image", exact: true }))).toBe(true);

    const nav = page.getByRole("group", { name: "Nav" });
    await nav.getByRole("button", { name: "Clear Description" }).click();
    await expect.poll(() => isFocused(page.getByRole("button", { name: "Description", exact: true }))).toBe(true);
    await nav.getByRole("button", { name: "Remove nav" }).click();
    await nav.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(page.getByRole("button", { name: "Nav", exact: true }))).toBe(true);

    const saved = await save(page);
    expect(saved).not.toHaveProperty("nav");
    expect(saved).not.toHaveProperty("image");
    const { nav: removed, ...rest } = JSON.parse(before) as Json;
    expect(removed).toBeDefined();
    expect(saved).toEqual(rest);
    reset(PET, before);
    await page.context().close();
  });

  it("ticks a checkbox in the page settings and sets a legal document's date, and saves them", async () => {
    const before = read(PET);
    const page = await openEditor();
    await page.getByRole("heading", { name: "Page settings" }).waitFor();
    const featured = page.getByRole("group", { name: "Nav" }).getByRole("checkbox", { name: "Featured" });
    expect(await featured.isChecked()).toBe(false);
    await featured.check();
    expect((await save(page)).nav.featured).toBe(true);
    reset(PET, before);
    await page.context().close();

    const PRIVACY = "site-config/pages/privacy.json";
    const privacy = read(PRIVACY);
    const legal = await openEditor(PRIVACY);
    await outlineBlock(legal, "Legal document").click();
    const date = legal.getByLabel("Last updated", { exact: true });
    expect(await date.getAttribute("type")).toBe("date");
    expect(await date.inputValue()).toBe("2026-10-01");
    await date.fill("2026-11-02");
    await legal.getByRole("button", { name: "Save" }).click();
    await savedStatus(legal);
    const saved = JSON.parse(read(PRIVACY)) as Json;
    expect(saved.blocks.find((block: Json) => block.type === "legal-document").lastUpdated).toBe("2026-11-02");
    reset(PRIVACY, privacy);
    await legal.context().close();
  });

  it("offers pages and their #anchors in the link picker, and the files under public/ in the media picker", async () => {
    const page = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    const href = page.getByRole("group", { name: "Schedule Demo" }).getByLabel("Link", { exact: true });
    const links = await suggestions(href);
    expect(links).toEqual(
      expect.arrayContaining(["#demo", "#use-cases", "#features", "/contact", "/contact#enquire", "/free-pilot"]),
    );
    expect(links).not.toContain("/industries/pet-insurance");

    await outlineBlock(page, "Video").click();
    const poster = page.getByLabel("Poster", { exact: true });
    // Every file under the project's public/, by the address a page names it with.
    const publicDir = path.join(suite.project.dir, "public");
    const files = fs
      .readdirSync(publicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map(
        (entry) => `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      );
    expect(await suggestions(poster)).toEqual(files.sort());
    await page.context().close();
  });

  it("uploads a PNG into public/media/ and picks it, and refuses a PDF named .png with the catalogue's words", async () => {
    const before = read(PET);
    const page = await openEditor();
    await outlineBlock(page, "Video").click();
    const poster = page.getByLabel("Poster", { exact: true });
    const upload = page.getByLabel("Upload into public/media/").nth(1);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    );
    await upload.setInputFiles({ name: "pet-poster.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => poster.inputValue()).toBe("/media/pet-poster.png");
    expect(fs.readFileSync(path.join(suite.project.dir, "public/media/pet-poster.png"))).toEqual(png);
    expect(await suggestions(poster)).toContain("/media/pet-poster.png");

    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    await upload.setInputFiles({ name: "brochure.png", mimeType: "image/png", buffer: pdf });
    const { title, hint } = mediaErrors.unsupportedFormat;
    const message = messageOf(mediaErrors.unsupportedFormat, { file: "brochure.png", format: "PDF" });
    await page
      .getByRole("status")
      .filter({ hasText: `${title}: ${asSentence(message)} ${hint}` })
      .waitFor();
    expect(fs.existsSync(path.join(suite.project.dir, "public/media/brochure.png"))).toBe(false);
    expect(await poster.inputValue()).toBe("/media/pet-poster.png");

    expect((await save(page)).blocks[1].poster).toBe("/media/pet-poster.png");
    reset(PET, before);
    fs.rmSync(path.join(suite.project.dir, "public/media/pet-poster.png"));
    await page.context().close();
  });

  it("shows each block's heading in the outline and moves blocks with its Move up and Move down buttons", async () => {
    const before = read(PET);
    const page = await openEditor();
    const headings = page.getByRole("navigation", { name: "Page outline" }).locator(".outline-heading");
    expect(await headings.allTextContents()).toEqual([
      "Calm, caring support when a pet needs help",
      "See a pet claim handled with care",
      "Support for owners and vets alike",
      "Everything a pet claims team needs",
    ]);
    const items = page.locator(".outline-item");
    await items.nth(3).hover();
    await page.getByRole("button", { name: "Move Checklist 4 up" }).click();
    await items.nth(1).hover();
    await page.getByRole("button", { name: "Move Video 2 down" }).click();
    await expect
      .poll(() => page.locator(".outline-label").allTextContents())
      .toEqual(["Industry hero", "Checklist", "Video", "Use-case cards", "Call to action"]);
    const saved = await save(page);
    expect(saved.blocks.map((block: Json) => block.type)).toEqual([
      "industry-hero",
      "checklist",
      "video",
      "use-case-cards",
      "call-to-action",
    ]);
    reset(PET, before);
    await page.context().close();
  });

  it("shows the pet insurance page's place in the Industries menu in the pages list", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(suite.editor.url);
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "AI agents for pet insurance" }) });
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("Pet Insurance · order 13");
    await context.close();
  });

  it("keeps both changes when the file changed on disk in another field meanwhile", async () => {
    const before = read(PET);
    const page = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Badge", { exact: true }).fill("Pets");
    reset(PET, before.replace('"title": "AI agents for pet insurance"', '"title": "AI agents for pet insurers"'));

    await page.getByRole("button", { name: "Save" }).click();
    await mergedStatus(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
    const original = JSON.parse(before) as { blocks: object[] };
    expect(JSON.parse(read(PET))).toEqual({
      ...original,
      title: "AI agents for pet insurers",
      blocks: [{ ...original.blocks[0], badge: "Pets" }, ...original.blocks.slice(1)],
    });
    reset(PET, before);
    await page.context().close();
  });
});
