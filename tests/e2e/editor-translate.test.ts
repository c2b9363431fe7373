import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_SOURCE, FIXTURE_UNTRANSLATED, prepareLocales } from "../support/editor/test-locale-project.ts";
import { DESKTOP, MOBILE } from "./support/browser.ts";
import { editorSuite, savedStatus } from "./support/editor.ts";
import { shoot } from "./support/shots.ts";
import { editAddress } from "../../editor/protocol.ts";

/**
 * The editor's translate flow (docs/localisation.md), in Chromium, on a site of three locales of its own
 * (tests/support/editor/test-locale-project.ts): switch to German, translate a page, see the English source under a field, edit and
 * save; the English file stays byte for byte as it was. It serves no site build: run it alone with E2E_BASE_URL set to
 * any address. E2E_SHOTS_DIR keeps its screenshots; docs/images holds the ones docs/localisation.md shows.
 */

const suite = editorSuite((dir) => prepareLocales(dir, { git: true }));
const read = (file: string) => fs.readFileSync(path.join(suite.project.dir, file), "utf8");

describe("translating a page in the page editor, in Chromium", () => {
  it("switches locale, translates a page, shows the source beside a field, and saves the German file alone", async () => {
    const english = [FIXTURE_SOURCE.file, FIXTURE_UNTRANSLATED.file, "site-config/locales/fr-FR/pages/plans.json"];
    const before = english.map(read);
    const context = await suite.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(suite.editor.url);

    await page.getByRole("group", { name: "Language" }).waitFor();
    await page.getByRole("button", { name: "Deutsch: up to date" }).first().waitFor();
    await page.getByRole("button", { name: "Deutsch", exact: true }).click();
    expect(await page.getByRole("button", { name: "Deutsch", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("link", { name: "Tarife" }).waitFor();
    await shoot(page, "editor-locales-1366");

    await page.getByRole("button", { name: "Translate Support hours into Deutsch" }).click();
    const dialog = page.getByRole("dialog", { name: "Translate “Support hours” into Deutsch" });
    const address = dialog.getByLabel("Address of the translation");
    expect(await address.inputValue()).toBe("/de/support-hours");
    await address.fill("/de/tarife");
    await dialog.getByRole("button", { name: "Translate" }).click();
    await dialog
      .getByRole("alert")
      .filter({ hasText: "the address '/de/tarife' is already used by site-config/locales/de-DE/pages/plans.json" })
      .waitFor();
    await address.fill("/de/supportzeiten");
    await dialog.getByRole("button", { name: "Translate" }).click();

    const file = "site-config/locales/de-DE/pages/support-hours.json";
    await page.waitForURL((url) => url.pathname === editAddress(file));
    await page.getByRole("navigation", { name: "Page outline" }).waitFor();
    await page.getByRole("navigation", { name: "Page outline" }).getByText("Hero").first().click();
    const heading = page.getByLabel("Heading", { exact: true });
    await heading.waitFor();
    // The source is read once the page is open: until it has come, the field is described by its description alone.
    const firstDescription = async () => {
      const [first] = ((await heading.getAttribute("aria-describedby")) ?? "").split(" ");
      return (await page.locator(`#${first}`).innerText()).replace(/\s+/g, " ").trim();
    };
    await expect.poll(firstDescription, { timeout: 60_000 }).toBe("English (source) Support around the clock");
    await heading.fill("Support rund um die Uhr");
    await page.keyboard.press("Control+s");
    await savedStatus(page);
    expect(JSON.parse(read(file))).toMatchObject({
      path: "/de/supportzeiten",
      translationOf: FIXTURE_UNTRANSLATED.path,
      blocks: [{ type: "hero", heading: "Support rund um die Uhr" }, {}, {}],
    });
    expect(english.map(read)).toEqual(before);
    await shoot(page, "editor-translate-1366");

    await page.setViewportSize(MOBILE);
    await heading.scrollIntoViewIfNeeded();
    await shoot(page, "editor-translate-390");
    await page.goto(suite.editor.url);
    await page.getByRole("button", { name: "Deutsch", exact: true }).click();
    await page.getByRole("link", { name: "Tarife" }).waitFor();
    await shoot(page, "editor-locales-390");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
