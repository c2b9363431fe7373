import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { DESKTOP, MOBILE } from "./support/browser.ts";
import { editorSuite, outlineBlock, preview, savedStatus, violationLines } from "./support/editor.ts";
import { sidewaysOverflow, withinWindow } from "./support/editor-phone.ts";
import { type GitCheckout, gitCheckout } from "./support/git-remote.ts";
import { TEAM_WAIT, newTab, signIn, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";
import { shoot } from "./support/shots.ts";
import { EDITOR_VIEWS, editAddress } from "../../editor/protocol.ts";

/**
 * The editors on a phone, in Chromium at 390 px: every view as wide as the window, nothing to scroll sideways (which
 * would have a phone zoom the whole editor out): the page list, a page in the editor (one pane at a time, Blocks,
 * Fields or Preview, under a switch, with Save and Changes in reach), the block palette, a page's history, the site's
 * settings, a shared section, the Changes view, the media library with a file's details; and in the team editor the sign-in page, the page list, a page, the
 * Team view and the review list. At 1366 px, a page's place in the Industries menu keeps its order on its line.
 *
 * It serves no site build: run it alone with E2E_BASE_URL set to any address. E2E_SHOTS_DIR keeps its screenshots
 * (docs/images holds the ones docs/editor.md, docs/publishing.md and docs/team-editor.md show).
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const LONG_HEADING =
  "Calm, caring support when a pet needs help: emergency claims, vet calls and owners cared for day and night";

vi.setConfig({ testTimeout: 300_000 });
let checkout: GitCheckout | undefined;
const suite = editorSuite((dir) => void (checkout = gitCheckout(dir)));
afterAll(() => checkout?.remove());
const team = teamEditorSuite(
  { ada: { email: "ada.lovelace@company.com", email_verified: true, name: "Ada Lovelace" } },
  { people: { "ada.lovelace@company.com": "admin" }, domains: {} },
);

const read = (file: string) => fs.readFileSync(path.join(suite.project.dir, file), "utf8");
const poll = <T>(value: () => Promise<T>) => expect.poll(value, { timeout: TEAM_WAIT });
const editorOnly = (page: Page) => axeAudit(page).exclude('iframe[title^="Preview"]').exclude(".palette-thumb");

async function phoneTab(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: MOBILE });
  context.setDefaultTimeout(TEAM_WAIT);
  return context.newPage();
}

/** The pane switch's button for `name`, and whether it is the pressed one. */
const pane = (page: Page, name: string) => page.getByRole("group", { name: "Show" }).getByRole("button", { name });
const pressed = (button: Locator) => button.getAttribute("aria-pressed");

/** The page's toolbar actions a person needs on every pane: Save and Changes, whole and inside the window. */
async function actionsInReach(page: Page) {
  expect(await withinWindow(page, page.getByRole("button", { name: "Save", exact: true }))).toBe(true);
  expect(await withinWindow(page, page.getByRole("link", { name: /^Changes/ }))).toBe(true);
}

/** The New page form's fields, each as wide as its card: not three columns squeezed beside each other. */
async function newPageFieldsWhole(page: Page) {
  const form = page.getByRole("region", { name: "New page" });
  for (const label of ["Template", "Name, as shown in menus", "Slug (last part of the address)"])
    expect((await form.getByLabel(label).boundingBox())!.width).toBeGreaterThan(300);
}

/** Each page's place in the Industries menu ("Motor Insurance · order 10"), as the lines it takes in the list. */
const menuCellLines = (page: Page) =>
  page.locator(".nav-cell").evaluateAll((cells) =>
    cells
      .map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lineHeight = parseFloat(getComputedStyle(cell).lineHeight);
        return { text: cell.textContent, lines: Math.round(range.getBoundingClientRect().height / lineHeight) };
      })
      .filter(({ lines }) => lines !== 1),
  );

describe("the page editor on a phone (390 px), in Chromium", () => {
  it("lists the pages as cards one window wide, its tools under the title and New page's fields one under another", async () => {
    const page = await phoneTab();
    await page.goto(suite.editor.url);
    await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    await page.getByRole("link", { name: "AI agents for pet insurance" }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await newPageFieldsWhole(page);
    expect(await violationLines(editorOnly(page))).toEqual([]);
    // Another locale's list: each source page with its status and Translate under it.
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Deutsch", exact: true }).click();
    await page
      .getByRole("button", { name: /^Translate / })
      .first()
      .waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "English", exact: true }).click();

    // On a laptop, a page's place in the menu stays on one line beside the translations' column.
    await page.setViewportSize(DESKTOP);
    await page.getByRole("columnheader", { name: "Translations" }).waitFor();
    expect(await menuCellLines(page)).toEqual([]);
    await page.context().close();
  });

  it("shows a page one pane at a time under a switch, Save and Changes in reach, and saves a block added there", async () => {
    const page = await phoneTab();
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
    const outline = page.getByRole("navigation", { name: "Page outline" });
    await outline.waitFor();
    await poll(() => pressed(pane(page, "Blocks"))).toBe("true");
    expect(await pressed(pane(page, "Fields"))).toBe("false");
    expect(await page.getByRole("region", { name: "Page settings" }).isVisible()).toBe(false);
    await actionsInReach(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await violationLines(editorOnly(page))).toEqual([]);
    await shoot(page, "editor-outline-390");

    // A block chosen in the outline opens its fields, the whole form one window wide.
    await outlineBlock(page, "Industry hero").click();
    await poll(() => pressed(pane(page, "Fields"))).toBe("true");
    expect(await outline.isVisible()).toBe(false);
    const heading = page.getByLabel("Heading", { exact: true });
    await heading.fill(LONG_HEADING);
    expect(await withinWindow(page, heading)).toBe(true);
    await actionsInReach(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await heading.scrollIntoViewIfNeeded();
    await shoot(page, "editor-fields-heading-390");
    const link = page.getByRole("group", { name: "Schedule Demo" }).getByLabel("Link", { exact: true });
    await link.scrollIntoViewIfNeeded();
    expect(await withinWindow(page, link)).toBe(true);
    await shoot(page, "editor-fields-labels-390");

    // The preview at the phone's own width, its width switch above it.
    await pane(page, "Preview").click();
    const frame = page.locator('iframe[title^="Preview"]');
    expect(await frame.getAttribute("title")).toBe("Preview at 390 px");
    await preview(page).getByRole("heading", { name: LONG_HEADING }).waitFor();
    expect(await withinWindow(page, frame)).toBe(true);
    const widths = page.getByRole("group", { name: "Preview width" });
    expect(await widths.isVisible()).toBe(true);
    expect(await pressed(widths.getByRole("button", { name: /^Phone/ }))).toBe("true");
    await actionsInReach(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await shoot(page, "editor-preview-390");

    // Add block: the palette in the window, and the new block's fields once it is chosen.
    await pane(page, "Blocks").click();
    await page.getByRole("button", { name: "Add block" }).click();
    const palette = page.getByRole("dialog", { name: "Add a block" });
    await palette.locator('.palette-thumb[data-thumbnail="shown"] iframe').first().waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await palette.getByRole("searchbox", { name: "Search block types" }).fill("stats");
    await palette.getByRole("button", { name: /^Stats/ }).click();
    await poll(() => pressed(pane(page, "Fields"))).toBe("true");
    await page.getByRole("heading", { name: "Stats", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await savedStatus(page);
    const saved = JSON.parse(read(PET)) as { blocks: { type: string; heading?: string }[] };
    expect(saved.blocks[0]!.heading).toBe(LONG_HEADING);
    // After the block whose fields were open, as on a wide screen.
    expect(saved.blocks.map((block) => block.type).slice(0, 2)).toEqual(["industry-hero", "stats"]);

    // The page's versions take the outline's place, and give it back when the history is closed.
    const history = page.getByRole("button", { name: "History", exact: true });
    await history.click();
    await poll(() => pressed(pane(page, "Versions"))).toBe("true");
    await page.getByRole("heading", { name: "History", level: 2 }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await history.click();
    await poll(() => pressed(pane(page, "Blocks"))).toBe("true");
    await page.context().close();
  });

  it("fits the site's settings, a shared section's settings and the Changes view in the window", async () => {
    const page = await phoneTab();
    await page.goto(`${suite.editor.url}${editAddress("site-config/site.json")}`);
    await poll(() => pressed(pane(page, "Settings"))).toBe("true");
    expect(await page.getByRole("group", { name: "Show" }).getByRole("button").allInnerTexts()).toEqual([
      "Settings",
      "Preview",
    ]);
    await page.getByLabel("Name", { exact: true }).first().waitFor();
    await actionsInReach(page);
    expect(await sidewaysOverflow(page)).toEqual([]);

    await page.goto(`${suite.editor.url}${editAddress("site-config/sections/closing.json")}`);
    await page.getByRole("button", { name: "Section settings" }).click();
    await poll(() => pressed(pane(page, "Fields"))).toBe("true");
    await page
      .getByRole("button", { name: /^Preview / })
      .first()
      .waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);

    // A saved change to list (the page's heading, as the test above saves it through the form).
    const pet = JSON.parse(read(PET)) as { blocks: Record<string, unknown>[] };
    pet.blocks[0]!.heading = LONG_HEADING;
    fs.writeFileSync(path.join(suite.project.dir, PET), `${JSON.stringify(pet, null, 2)}\n`);
    await page.goto(`${suite.editor.url}/changes`);
    await page.getByRole("heading", { name: "Changes", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Before and after of AI agents for pet insurance" }).click();
    await page.getByRole("heading", { name: /^Before and after/ }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    // The pages compared are the site's, audited by its own suites.
    expect(await violationLines(axeAudit(page).exclude("iframe"))).toEqual([]);
    await shoot(page, "changes-view-390", { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await shoot(page, "changes-view-1366");
    await page.context().close();
  });

  it("fits the media library's grid, and a picture's details in its place, in the window", async () => {
    const page = await phoneTab();
    await page.goto(`${suite.editor.url}${EDITOR_VIEWS.media}`);
    await page.getByRole("heading", { name: "Media library", level: 1 }).waitFor();
    const tiles = page.getByRole("list", { name: "Files" }).getByRole("listitem");
    await tiles.first().waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await violationLines(editorOnly(page))).toEqual([]);

    // The first picture of the project's (a video's details have no focal point to fit).
    const picture = tiles.filter({ has: page.locator("img") }).first();
    const name = (await picture.getByRole("button").textContent())!;
    await picture.getByRole("button").click();
    const details = page.getByRole("complementary", { name });
    await details.getByRole("list", { name: "How the site crops it" }).waitFor();
    expect(await page.getByRole("list", { name: "Files" }).isVisible()).toBe(false);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await violationLines(editorOnly(page))).toEqual([]);
    await page.context().close();
  });
});

describe("the team editor on a phone (390 px), in Chromium", () => {
  it("fits sign-in, the page list, a page, the Team view and the review list in the window", async () => {
    const page = await newTab(team);
    await page.setViewportSize(MOBILE);
    await page.goto(team.origin);
    await page.getByRole("heading", { name: "Sign in to the page editor", level: 1 }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);

    await signIn(team, page, "ada");
    await page.getByRole("link", { name: "AI agents for pet insurance" }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    // The person's bar and tools follow the title and its line, with no empty band between them.
    const intro = await page.locator(".pages-head p").first().boundingBox();
    const person = await page.locator(".person-bar").boundingBox();
    expect(person!.y - (intro!.y + intro!.height)).toBeLessThan(32);
    await newPageFieldsWhole(page);
    await page.setViewportSize(DESKTOP);
    expect(await menuCellLines(page)).toEqual([]);
    await page.setViewportSize(MOBILE);

    await page.getByRole("link", { name: "AI agents for pet insurance" }).click();
    await page.getByRole("navigation", { name: "Page outline" }).waitFor();
    await actionsInReach(page);
    expect(await sidewaysOverflow(page)).toEqual([]);

    await page.goto(`${team.origin}/team`);
    await page.getByRole("heading", { name: "Audit log", level: 2 }).waitFor();
    await page.getByRole("cell", { name: "sign-in" }).first().waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshots(page, "team-admin");
    await page.setViewportSize(MOBILE);

    await page.goto(`${team.origin}/review`);
    await page.getByRole("heading", { name: "Review requests", level: 1 }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.context().close();
  });
});
