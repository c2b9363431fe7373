import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP } from "./support/browser.ts";
import { editorSuite } from "./support/editor.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();

const read = (file: string) => fs.readFileSync(path.join(suite.project.dir, file), "utf8");
const reset = (file: string, text: string) => fs.writeFileSync(path.join(suite.project.dir, file), text);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a saved page, read in assertions

/** A fresh tab (no drafts left by another test) on the editor, with the given page open. */
async function openEditor(file = PET): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${suite.editor.url}/#/edit/${encodeURIComponent(file)}`);
  await page.getByRole("navigation", { name: "Page outline" }).waitFor();
  return page;
}

const outlineBlock = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Page outline" }).getByRole("button", { name: new RegExp(`^${label}`) });

async function save(page: Page): Promise<Json> {
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
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
    await heading.fill("Calm support");
    await expect.poll(() => counter.textContent()).toBe("12 / 120");

    const text = page.getByRole("textbox", { name: "Text", exact: true });
    expect(await text.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    await text.fill("Claims handled with care.");

    const badge = page.getByRole("textbox", { name: "Badge", exact: true });
    expect(await description(page, badge)).toBe(
      "Short label in a pill above the headline, usually the industry's name.",
    );

    const stat = page.getByRole("group", { name: "Stat" });
    await stat.getByRole("spinbutton", { name: "Value" }).fill("75");
    const variant = page.getByRole("group", { name: "Actions 1" }).getByRole("combobox", { name: "Variant" });
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
});
