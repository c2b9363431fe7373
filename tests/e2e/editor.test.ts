import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { axeAudit } from "../../scripts/measure/axe.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { blockHeading, blockMetas } from "../../editor/block-meta.ts";
import { changedLines } from "../support/editor/test-project.ts";
import { configErrors, editorErrors, scaffoldErrors } from "../../contract/errors.ts";
import { readBlockFolders } from "../../toolchain/block-folders.ts";
import { validateConfig } from "../../toolchain/validate.ts";
import { DESKTOP } from "./support/browser.ts";
import {
  createIndustryPage,
  editorSuite,
  fieldMessage,
  mergedStatus,
  outlineBlock,
  preview,
  savedStatus,
  tabTo,
  violationLines,
} from "./support/editor.ts";
import { editAddress } from "../../editor/protocol.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const suite = editorSuite();

const read = (file: string) => fs.readFileSync(path.join(suite.project.dir, file), "utf8");
const reset = (file: string, text: string) => fs.writeFileSync(path.join(suite.project.dir, file), text);

/** A fresh tab (no drafts left by another test) on the editor, with the given page open. */
async function openEditor(file = PET): Promise<{ page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`${suite.editor.url}${editAddress(file)}`);
  await page
    .getByRole("navigation", { name: "Page outline" })
    .or(page.getByRole("heading", { name: "Site settings" }))
    .first()
    .waitFor();
  return { page, errors };
}

// The frames hold the site's own blocks (the preview, the palette's thumbnails), which the site's suites audit.
const editorOnly = (page: Page) => axeAudit(page).exclude('iframe[title^="Preview"]').exclude(".palette-thumb");

describe("the page editor (npm run edit), in Chromium", () => {
  it("finds a page in the list, edits a heading, shows it in the preview, and saves it as a one-line diff", async () => {
    const before = read(PET);
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(suite.editor.url);
    // This run's key, which every write carries, is in the page the editor served.
    expect(await page.locator('meta[name="editor-token"]').getAttribute("content")).toBe(suite.editor.token);
    await page.getByRole("searchbox", { name: "Search by title, path, menu or locale" }).fill("pet");
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: "AI agents for pet insurance" }).click();

    await outlineBlock(page, "Industry hero").click();
    const heading = page.getByLabel("Heading", { exact: true });
    await expect.poll(() => heading.inputValue()).toBe("Calm, caring support when a pet needs help");
    await heading.fill("Calm, caring support when your pet needs help");
    await preview(page).getByRole("heading", { name: "Calm, caring support when your pet needs help" }).waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);

    expect(changedLines(before, read(PET))).toEqual([
      {
        line: 19,
        before: '      "heading": "Calm, caring support when a pet needs help",',
        after: '      "heading": "Calm, caring support when your pet needs help",',
      },
    ]);
    reset(PET, before);
    await context.close();
  });

  it("shows an invalid link's error at its field and in the outline, and refuses to save (axe: 0 violations)", async () => {
    const before = read(PET);
    const { page } = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    const href = page.getByRole("group", { name: "Schedule Demo" }).getByLabel("Link", { exact: true });
    await href.fill("/contcat");
    const message = "link '/contcat' points to no page — did you mean '/contact'?";
    await expect.poll(() => href.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => fieldMessage(page, href)).toBe(`${message} ${configErrors.brokenLink.hint}`);
    await outlineBlock(page, "Industry hero").getByText("1 problem").waitFor({ state: "attached" });

    await page.getByRole("button", { name: "Save" }).click();
    const alert = page.getByRole("alert");
    await alert.getByText("Not saved: the page has problems.").waitFor();
    await alert.getByText(message).waitFor();
    expect(await violationLines(editorOnly(page))).toEqual([]);
    expect(read(PET)).toBe(before);
    await page.context().close();
  });

  it("adds a block from the palette, moves it by keyboard, and saves a page that validates", async () => {
    const before = read(PET);
    const { page } = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    await page.getByRole("button", { name: "Add block" }).click();
    const palette = page.getByRole("dialog", { name: "Add a block" });
    await palette.getByRole("searchbox", { name: "Search block types" }).fill("stats");
    await palette.getByRole("button", { name: /^Stats/ }).click();

    const items = page.locator(".outline-label");
    await expect.poll(() => items.nth(1).textContent()).toBe("Stats");
    await outlineBlock(page, "Stats").focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => items.nth(0).textContent()).toBe("Stats");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Stats/);
    // Each press once the last has moved the block and the focus with it, as a person sees it move before pressing
    // again: the two pressed at once on a busy machine left the block elsewhere (the second press came before the
    // focus had followed the first move).
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => items.nth(1).textContent()).toBe("Stats");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-block-index"))).toBe("1");
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => items.nth(2).textContent()).toBe("Stats");

    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);
    const saved = JSON.parse(read(PET)) as { blocks: { type: string }[] };
    expect(saved.blocks.map((block) => block.type)).toEqual([
      "industry-hero",
      "video",
      "stats",
      "use-case-cards",
      "checklist",
      "call-to-action",
    ]);
    expect(
      validateConfig({
        configDir: path.join(suite.project.dir, "site-config"),
        publicDir: path.join(suite.project.dir, "public"),
      }).problems,
    ).toEqual([]);
    reset(PET, before);
    await page.context().close();
  });

  it("says the blocks are loading in the preview's middle until they render", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // The code of the page's blocks is held back, as a slow machine or network holds it.
    const blockCode = /\/assets\/(IndustryHero|Video|UseCaseCards|Checklist|CallToAction)-[\w-]+\.js$/;
    const held: (() => Promise<void>)[] = [];
    await context.route(blockCode, (route) => {
      // A request the frame gave up meanwhile (it asked again) is already answered: nothing left to release.
      held.push(() => route.continue().catch(() => undefined));
    });
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
    const frame = preview(page);
    const loading = frame.getByRole("main").getByRole("status");
    await expect.poll(() => loading.textContent()).toBe(editorErrors.previewLoading.message);
    // Between the site's header and footer, which show already.
    await frame.getByRole("contentinfo").waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await context.unroute(blockCode);
    await Promise.all(held.map((release) => release()));
    await frame.getByRole("heading", { name: "Calm, caring support when a pet needs help" }).waitFor();
    expect(await frame.getByRole("status").count()).toBe(0);
    await context.close();
  });

  it("selects a block clicked in the preview and outlines it", async () => {
    const { page } = await openEditor();
    await preview(page).getByRole("heading", { name: "Calm, caring support when a pet needs help" }).click();
    await page.getByRole("heading", { name: "Industry hero", level: 2 }).waitFor();
    await preview(page).locator('[data-editor-index="0"][data-editor-selected]').waitFor();
    await page.context().close();
  });

  it("edits site.json with the same forms: the preview's footer follows, and saving is a one-line diff", async () => {
    const SITE = "site-config/site.json";
    const before = read(SITE);
    const { page } = await openEditor(SITE);
    const tagline = "Managed AI agents for voice, chat and email.";
    await page.getByRole("group", { name: "Brand" }).getByLabel("Tagline").fill(tagline);
    await preview(page).locator("footer").getByText(tagline, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);
    expect(changedLines(before, read(SITE))).toEqual([
      {
        line: 5,
        before:
          '    "tagline": "Managed AI agents for voice, chat and email, purpose built for insurance and contact centres."',
        after: `    "tagline": "${tagline}"`,
      },
    ]);
    reset(SITE, before);
    await page.context().close();
  });

  it("shows the preview at phone, tablet and desktop widths", async () => {
    const { page } = await openEditor();
    const frameWidth = () =>
      page
        .locator('iframe[title^="Preview"]')
        .evaluate((frame) => (frame as HTMLIFrameElement).contentWindow!.innerWidth);
    for (const [button, width] of [
      ["Phone, 390", 390],
      ["Tablet, 768", 768],
      ["Desktop, 1366", 1366],
    ] as const) {
      await page.getByRole("button", { name: button }).click();
      await expect.poll(frameWidth, { message: button }).toBe(width);
      await expect.poll(() => page.getByRole("button", { name: button }).getAttribute("aria-pressed")).toBe("true");
    }
    await page.context().close();
  });

  it("undoes and redoes with Ctrl+Z and Ctrl+Shift+Z, and keeps unsaved changes across a reload", async () => {
    const { page } = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    const badge = page.getByLabel("Badge", { exact: true });
    await badge.fill("Pets and vets");
    await page.keyboard.press("Control+z");
    await expect.poll(() => badge.inputValue()).toBe("Pet Insurance");
    await page.keyboard.press("Control+Shift+z");
    await expect.poll(() => badge.inputValue()).toBe("Pets and vets");

    await page.reload();
    await page.getByText("Unsaved changes from your last visit were restored.").waitFor();
    await outlineBlock(page, "Industry hero").click();
    await expect.poll(() => page.getByLabel("Badge", { exact: true }).inputValue()).toBe("Pets and vets");
    await page.context().close();
  });

  it("asks which value to keep when the file changed on disk in the field being edited (axe: 0 violations)", async () => {
    const before = read(PET);
    const { page } = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Badge", { exact: true }).fill("Pets");
    reset(PET, before.replace('"badge": "Pet Insurance"', '"badge": "Pet Cover"'));

    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Changed meanwhile: choose what to keep" });
    await dialog.waitFor();
    expect(await violationLines(editorOnly(page))).toEqual([]);
    await dialog
      .getByRole("group", { name: "Industry hero › Badge" })
      .getByRole("radio", { name: "Keep theirs" })
      .check();
    await dialog.getByRole("button", { name: "Save with these choices" }).click();
    await mergedStatus(page);
    await expect.poll(() => page.getByLabel("Badge", { exact: true }).inputValue()).toBe("Pet Cover");
    expect(read(PET)).toBe(before.replace('"badge": "Pet Insurance"', '"badge": "Pet Cover"'));
    reset(PET, before);
    await page.context().close();
  });

  it("refuses a write sent from another site open in the same browser", async () => {
    const before = read(PET);
    const other = http.createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><title>Another site</title>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const { port } = other.address() as { port: number };
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().startsWith(suite.editor.url)) statuses.push(response.status());
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(
      async ({ url, file }) => {
        await fetch(`${url}/api/save`, {
          method: "POST",
          mode: "no-cors",
          headers: { "content-type": "text/plain" },
          body: JSON.stringify({ file, value: { path: "/hacked" }, version: "", force: true }),
        });
      },
      { url: suite.editor.url, file: PET },
    );
    await expect.poll(() => statuses).toEqual([403]);
    expect(read(PET)).toBe(before);
    await context.close();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });

  it("passes axe with 0 violations on the page list, the editor, the icon picker, the palette and the dialogs", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(suite.editor.url);
    await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    expect(await violationLines(axeAudit(page))).toEqual([]);
    await page.getByRole("button", { name: "Duplicate AI agents for pet insurance" }).click();
    await page.getByRole("dialog", { name: /^Duplicate/ }).waitFor();
    expect(await violationLines(axeAudit(page))).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "AI agents for pet insurance" }).click();
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Icon", { exact: true }).first().click();
    await page.getByRole("listbox", { name: "Icon" }).waitFor();
    expect(await violationLines(editorOnly(page))).toEqual([]);

    await page.getByRole("button", { name: "Add block" }).click();
    await page.locator('.palette-thumb[data-thumbnail="shown"]').first().waitFor();
    expect(await violationLines(editorOnly(page))).toEqual([]);
    await context.close();
  });

  it("creates an industry page from the template, refuses the same slug twice, and shows it in the preview's Industries menu", async () => {
    const { page, form } = await createIndustryPage(suite, "Marine Insurance");
    expect(fs.existsSync(path.join(suite.project.dir, "site-config/pages/industries/marine-insurance.json"))).toBe(
      true,
    );
    await preview(page).locator('header a[href="/industries/marine-insurance"]').first().waitFor({ state: "attached" });

    await page.getByRole("button", { name: "Pages" }).click();
    await form.getByLabel("Name, as shown in menus").fill("Marine Insurance");
    await form.getByRole("button", { name: "New page" }).click();
    await form
      .getByRole("alert")
      .getByText("site-config/pages/industries/marine-insurance.json already exists")
      .waitFor();
    fs.rmSync(path.join(suite.project.dir, "site-config/pages/industries/marine-insurance.json"));
    await page.context().close();
  });

  it("reorders blocks by drag and drop, duplicates one and deletes it, and the preview follows", async () => {
    const { page, errors } = await openEditor();
    const labels = page.locator(".outline-label");
    const before = await labels.allTextContents();
    expect(before).toEqual(["Industry hero", "Video", "Use-case cards", "Checklist", "Call to action"]);
    const items = page.locator(".outline-item");
    await items.nth(2).dragTo(items.nth(0));
    const reordered = ["Use-case cards", "Industry hero", "Video", "Checklist", "Call to action"];
    await expect.poll(() => labels.allTextContents()).toEqual(reordered);
    // Duplicate and delete are the selected block's tools.
    await outlineBlock(page, "Video").click();
    await page.getByRole("button", { name: "Duplicate Video 3" }).click();
    await expect.poll(() => labels.allTextContents()).toEqual([...reordered.slice(0, 3), ...reordered.slice(2)]);
    await expect.poll(() => preview(page).locator("[data-editor-index]").count()).toBe(6);
    await page.getByRole("button", { name: "Delete Video 4" }).click();
    await expect.poll(() => labels.allTextContents()).toEqual(reordered);
    await expect.poll(() => preview(page).locator("[data-editor-index]").count()).toBe(5);
    // The preview shows the blocks in the new order: the use cases first.
    await expect
      .poll(() => preview(page).locator('[data-editor-index="0"]').getByRole("heading").first().textContent())
      .toBe((JSON.parse(read(PET)) as { blocks: { heading: string }[] }).blocks[2].heading);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("picks an icon from the grid with the keyboard alone: arrows, Home, End, Escape, Enter and Space", async () => {
    const { page } = await openEditor();
    const current = (JSON.parse(read(PET)) as { blocks: { icon: string }[] }).blocks[0].icon;
    await outlineBlock(page, "Industry hero").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Industry hero", level: 2 }).waitFor();
    // The block's own icon; its stat has one too, further down.
    const trigger = page.getByLabel("Icon", { exact: true }).first();
    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    const list = page.getByRole("listbox", { name: "Icon" });
    const options = list.getByRole("option");
    const names = await options.evaluateAll((all) => all.map((option) => option.getAttribute("aria-label")!));
    const columns = await options.evaluateAll(
      (all) => all.filter((option) => (option as HTMLElement).offsetTop === (all[0] as HTMLElement).offsetTop).length,
    );
    expect(columns).toBeGreaterThan(1);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await expect.poll(focused).toBe(current);
    expect(await list.getByRole("option", { selected: true }).getAttribute("aria-label")).toBe(current);
    // One option at a time is in the tab order: the one that has the focus.
    expect(await list.locator('[tabindex="0"]').count()).toBe(1);

    for (const [key, index] of [
      ["Home", 0],
      ["ArrowRight", 1],
      ["ArrowDown", 1 + columns],
      ["ArrowLeft", columns],
      ["End", names.length - 1],
      ["ArrowUp", names.length - 1 - columns],
      ["ArrowRight", names.length - columns],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(focused, { message: `${key} moves to option ${index}` }).toBe(names[index]);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => list.count()).toBe(0);
    await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await trigger.textContent()).toBe(current);

    await page.keyboard.press("Enter");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect.poll(() => trigger.textContent()).toBe(names[1]);
    await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText(`Icon: ${names[1]} chosen`).waitFor({ state: "attached" });

    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe(names[1]);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press(" ");
    await expect.poll(() => trigger.textContent()).toBe(names[2]);
    await page.getByText(`Icon: ${names[2]} chosen`).waitFor({ state: "attached" });
    await page.context().close();
  });

  it("shows every block type in the palette with a thumbnail of its example, rendered by the block itself", async () => {
    const metas = blockMetas(await readBlockFolders());
    const { page, errors } = await openEditor();
    await page.getByRole("button", { name: "Add block" }).click();
    const palette = page.getByRole("dialog", { name: "Add a block" });
    const entries = palette.locator(".palette-entry");
    await expect.poll(() => entries.count()).toBe(metas.length);
    for (const meta of metas) {
      const entry = palette.locator(`.palette-entry[data-block-type="${meta.type}"]`);
      await entry.scrollIntoViewIfNeeded();
      await entry.locator('.palette-thumb[data-thumbnail="shown"] iframe').waitFor();
      const body = entry.frameLocator("iframe").locator("body");
      // Laid out with the site's styles (its typeface, through the theme's custom properties): a block of real
      // height, and the example's own words in it.
      await expect
        .poll(() => body.evaluate((element) => element.scrollHeight), { message: meta.type })
        .toBeGreaterThan(100);
      expect(await body.evaluate((element) => getComputedStyle(element).fontFamily), meta.type).toContain("Inter");
      const heading = blockHeading(meta.example);
      if (heading) expect(await body.textContent(), meta.type).toContain(heading);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("duplicates a page to a new address and file, refuses a taken one with the scaffold's words, and opens the copy", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(suite.editor.url);
    await page.getByRole("button", { name: "Duplicate AI agents for pet insurance" }).click();
    const dialog = page.getByRole("dialog", { name: "Duplicate “AI agents for pet insurance”" });
    const slug = dialog.getByLabel("Slug of the copy (last part of the address)");
    expect(await slug.inputValue()).toBe("pet-insurance-copy");
    const refusal = dialog.getByRole("alert");
    const tryDuplicate = async (value: string) => {
      await slug.fill(value);
      await dialog.getByRole("button", { name: "Duplicate", exact: true }).click();
    };

    await tryDuplicate("Pet Cover");
    await refusal.getByText(scaffoldErrors.badSlug.message({ slug: "Pet Cover" })).waitFor();
    await tryDuplicate("dental-insurance");
    await refusal.getByText("site-config/pages/industries/dental-insurance.json already exists").waitFor();
    await refusal.getByText(scaffoldErrors.fileExists.hint).waitFor();
    const other = "site-config/pages/pet-cover-landing.json";
    fs.writeFileSync(path.join(suite.project.dir, other), JSON.stringify({ path: "/industries/pet-cover" }));
    await tryDuplicate("pet-cover");
    await refusal
      .getByText(
        scaffoldErrors.pathUsed.message({
          path: "/industries/pet-cover",
          file: "site-config/pages/pet-cover-landing.json",
        }),
      )
      .waitFor();
    fs.rmSync(path.join(suite.project.dir, other));

    const copyFile = "site-config/pages/industries/pet-insurance-2.json";
    await tryDuplicate("pet-insurance-2");
    await page.getByRole("heading", { name: "AI agents for pet insurance", level: 1 }).waitFor();
    await page.getByText(copyFile).first().waitFor();
    await page.getByText("/industries/pet-insurance-2").first().waitFor();
    const original = JSON.parse(read(PET)) as Record<string, unknown>;
    expect(JSON.parse(read(copyFile))).toEqual({ ...original, path: "/industries/pet-insurance-2" });
    fs.rmSync(path.join(suite.project.dir, copyFile));
    await context.close();
  });

  it("lists a page that is not valid JSON by its file, and refuses to open it, saying where to fix it", async () => {
    const broken = "site-config/pages/broken.json";
    reset(broken, '{\n  "path": "/broken",\n  "title": "Broken",\n}\n');
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(suite.editor.url);
    const listed = page.getByRole("row").filter({ has: page.getByRole("link", { name: broken, exact: true }) });
    await listed.getByText(editorErrors.notJson.title, { exact: true }).waitFor();
    await listed.getByRole("link").click();
    await page.getByRole("heading", { name: editorErrors.notJson.title, level: 1 }).waitFor();
    const alert = page.getByRole("alert");
    await alert.getByText(`${editorErrors.notJson.message} ${editorErrors.notJson.hint}`).waitFor();
    expect(await alert.getByRole("listitem").allTextContents()).toEqual([
      `${broken}:4:1 invalid JSON: a property name in double quotes was expected — is there a trailing comma before '}'?`,
    ]);
    await page.getByRole("button", { name: "Back to pages" }).waitFor();
    expect(await violationLines(editorOnly(page))).toEqual([]);
    fs.rmSync(path.join(suite.project.dir, broken));
    await context.close();
  });

  it("warns before the tab is left with unsaved changes", async () => {
    const { page } = await openEditor();
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Badge", { exact: true }).fill("Pets and vets");
    const editorUrl = page.url();
    const dialog = page.waitForEvent("dialog");
    // Leaving by navigation rather than by closing the tab: a dismissed close races the context's own close in
    // Chromium, while a cancelled navigation leaves a page that is plainly still there.
    const leaving = page.evaluate(() => {
      window.location.href = "about:blank";
    });
    const warning = await dialog;
    expect(warning.type()).toBe("beforeunload");
    await warning.dismiss();
    await leaving;
    expect(page.url()).toBe(editorUrl);
    expect(await page.getByLabel("Badge", { exact: true }).inputValue()).toBe("Pets and vets");
    await page.context().close();
  });
});
