import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { axeAudit } from "../../scripts/measure/axe.ts";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { asSentence, editorGitErrors, editorHistoryLines, messageOf } from "../../contract/errors.ts";
import { DESKTOP } from "./support/browser.ts";
import {
  createIndustryPage,
  editorSuite,
  isFocused,
  outlineBlock,
  preview,
  savedStatus,
  seriousViolations,
  tabTo,
} from "./support/editor.ts";
import { type GitCheckout, gitCheckout } from "./support/git-remote.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const TITLE = "AI agents for pet insurance";
const FIRST = "Calm, caring support when a pet needs help";
const SECOND = "Care for every pet, day and night";
const THIRD = "Pet claims, answered with care";
const DAY = 24 * 3600 * 1000;

/** The marketer's checkout and the remote, whose main every test starts from (`checkout.initial`). */
let checkout: GitCheckout;
/** A colleague's clone, who pushes to the same main. */
let colleague: string;

const git = (dir: string, ...args: string[]) => checkout.git(dir, ...args);
const project = () => suite.project.dir;
const read = (dir: string, file = PET) => fs.readFileSync(path.join(dir, file), "utf8");
type PageDoc = { title: string; blocks: { heading?: string }[] };
const withHeading = (text: string, heading: string, title?: string) => {
  const page = JSON.parse(text) as PageDoc;
  page.blocks[0].heading = heading;
  if (title) page.title = title;
  return `${JSON.stringify(page, null, 2)}\n`;
};
/** A commit of one change to the page, by `author`, `daysAgo` days ago. */
const commitHeading = (dir: string, heading: string, summary: string, author: string, daysAgo: number) => {
  fs.writeFileSync(path.join(dir, PET), withHeading(read(dir), heading));
  const date = new Date(Date.now() - daysAgo * DAY).toISOString();
  execFileSync("git", ["commit", "--quiet", "-am", summary], {
    cwd: dir,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: `${author.split(" ")[0].toLowerCase()}@example.com`,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
};

/** What Get latest must leave untouched when it refuses: git's view of the checkout, HEAD and the page's file. */
const checkoutState = () => ({
  status: git(project(), "status", "--porcelain", "--untracked-files=all"),
  head: git(project(), "rev-parse", "HEAD"),
  page: read(project()),
});

/** The project's copy in git, with commits to the page by three people, cloned by a colleague. */
const suite = editorSuite((dir) => {
  checkout = gitCheckout(dir, {
    author: "Dev",
    history: () => {
      commitHeading(dir, SECOND, "Warmer pet heading", "Bea Writer", 9);
      commitHeading(dir, THIRD, "Shorter pet heading", "Carl Editor", 2);
    },
  });
  colleague = checkout.clone("Colleague");
});
afterAll(() => checkout?.remove());

// Every test starts from the same history, on main, in a fresh tab (no drafts kept in its browser).
beforeEach(() => {
  checkout.reset();
  git(colleague, "fetch", "--quiet");
  git(colleague, "reset", "--quiet", "--hard", checkout.initial);
});

/** Waits for the tab's question about the branch to be answered, after which its dialog shows or never will. */
async function load(page: Page, go: () => Promise<unknown>) {
  const branch = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/branch");
  await go();
  await branch;
  await page.getByRole("button", { name: "Get latest" }).waitFor();
}

async function openTab(): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await load(page, () => page.goto(suite.editor.url));
  return page;
}

async function openPet(): Promise<Page> {
  const page = await openTab();
  await page.getByRole("link", { name: TITLE }).click();
  await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
  return page;
}

async function openHistory(page: Page) {
  await page.getByRole("button", { name: "History", exact: true }).click();
  const panel = page.getByRole("region", { name: "History" });
  await panel.getByRole("button", { name: /^Shorter pet heading/ }).waitFor();
  return panel;
}

/** Picks a version in the history and waits until it can be restored. */
async function pickVersion(panel: Locator, summary: string) {
  await panel.getByRole("button", { name: new RegExp(`^${summary}`) }).click();
  const restore = panel.getByRole("button", { name: "Restore this version" });
  await restore.waitFor();
  return restore;
}

const previewHeading = (page: Page, text: string) => preview(page).getByRole("heading", { name: text }).waitFor();
const alertText = (page: Page) => page.getByRole("alert").textContent();

describe("a page's history and Get latest, against real git, in Chromium", () => {
  it("lists the page's versions, newest first, with who and when", async () => {
    const page = await openPet();
    const panel = await openHistory(page);
    const list = panel.getByRole("list", { name: "Versions, newest first" });
    expect(await list.locator(".history-summary").allTextContents()).toEqual([
      "Your version now",
      "Shorter pet heading",
      "Warmer pet heading",
      "The site",
    ]);
    const meta = await list.locator(".history-meta").allTextContents();
    expect(meta[1]).toMatch(/^Carl Editor · 2 days ago · \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(meta[2]).toMatch(/^Bea Writer · last week · /);
    expect(meta[3]).toMatch(/^Dev · just now · /);
    await page.context().close();
  });

  it("previews an older version in the preview frame, at the width chosen, and back to the current one", async () => {
    const page = await openPet();
    const panel = await openHistory(page);
    await previewHeading(page, THIRD);
    await panel.getByRole("button", { name: /^The site/ }).click();
    await previewHeading(page, FIRST);
    await page.getByRole("button", { name: "Phone, 390" }).click();
    await page.locator('iframe[title="Preview at 390 px"]').waitFor();
    await previewHeading(page, FIRST);
    await panel.getByRole("button", { name: /^Your version now/ }).click();
    await previewHeading(page, THIRD);
    expect(read(project())).toBe(git(project(), "show", `HEAD:${PET}`));
    await page.context().close();
  });

  it("restores a version as an unsaved change; saving writes it; undo brings back the current one", async () => {
    const page = await openPet();
    const panel = await openHistory(page);
    await (await pickVersion(panel, "Warmer pet heading")).click();
    await page.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
    const notice = page.getByRole("status").filter({ hasText: editorHistoryLines.restored.title });
    expect(await notice.textContent()).toContain("is in the editor as an unsaved change.");
    expect(await notice.textContent()).toContain("by Bea Writer");
    await previewHeading(page, SECOND);
    expect(read(project())).toBe(git(project(), "show", `HEAD:${PET}`));

    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);
    expect(JSON.parse(read(project()))).toEqual(JSON.parse(git(project(), "show", `HEAD~1:${PET}`)));

    await page.getByRole("button", { name: "Undo (Ctrl+Z)" }).click();
    await previewHeading(page, THIRD);
    await page.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
    await page.keyboard.press("ControlOrMeta+S");
    await savedStatus(page);
    expect(JSON.parse(read(project()))).toEqual(JSON.parse(git(project(), "show", `HEAD:${PET}`)));
    await page.context().close();
  });

  it("restores with the keyboard alone, and the focus comes back to the History button", async () => {
    const page = await openPet();
    const keys = page.keyboard;
    const history = page.getByRole("button", { name: "History", exact: true });
    await tabTo(page, history);
    await keys.press("Enter");
    const panel = page.getByRole("region", { name: "History" });
    await expect.poll(() => isFocused(panel.getByRole("heading", { name: "History" }))).toBe(true);
    // Escape closes it, as Back to editing does, and the focus is back where it was.
    await keys.press("Escape");
    await expect.poll(() => isFocused(history)).toBe(true);
    expect(await panel.count()).toBe(0);
    await keys.press("Enter");
    await expect.poll(() => isFocused(panel.getByRole("heading", { name: "History" }))).toBe(true);
    await tabTo(page, panel.getByRole("button", { name: /^The site/ }), { maxTabs: 6 });
    await keys.press("Enter");
    const restore = panel.getByRole("button", { name: "Restore this version" });
    await restore.waitFor();
    await tabTo(page, restore, { maxTabs: 2 });
    await keys.press("Enter");
    await expect.poll(() => isFocused(history)).toBe(true);
    await previewHeading(page, FIRST);
    await keys.press("ControlOrMeta+S");
    await savedStatus(page);
    expect(JSON.parse(read(project()))).toEqual(JSON.parse(git(project(), "show", `HEAD~2:${PET}`)));
    await page.context().close();
  });

  it("says that a new page has no history yet", async () => {
    const { page } = await createIndustryPage(suite, "Marine Insurance");
    await page.getByRole("button", { name: "History", exact: true }).click();
    const none = page.getByRole("region", { name: "History" }).getByRole("status");
    await none.filter({ hasText: editorHistoryLines.noHistory.title }).waitFor();
    expect(await none.textContent()).toBe(
      `${editorHistoryLines.noHistory.title}. ${asSentence(editorHistoryLines.noHistory.message)} ${editorHistoryLines.noHistory.hint}`,
    );
    await page.context().close();
  });

  it("has no serious or critical axe violation in the history view", async () => {
    const page = await openPet();
    const panel = await openHistory(page);
    await pickVersion(panel, "Warmer pet heading");
    expect(await seriousViolations(axeAudit(page).exclude('iframe[title^="Preview"]'))).toEqual([]);
    await page.context().close();
  });

  it("Get latest fast-forwards to a change a colleague pushed: the page list and the open page show it", async () => {
    fs.writeFileSync(
      path.join(colleague, PET),
      withHeading(read(colleague), "Pets first, always", "AI agents for pets and vets"),
    );
    git(colleague, "commit", "--quiet", "-am", "Pets first");
    git(colleague, "push", "--quiet", "origin", "main");
    const pushed = git(colleague, "rev-parse", "HEAD");

    const page = await openTab();
    await page.getByRole("button", { name: "Get latest" }).click();
    await page.getByRole("status").filter({ hasText: "1 new change." }).waitFor();
    await page.getByRole("link", { name: "AI agents for pets and vets" }).waitFor();
    expect(git(project(), "rev-parse", "HEAD")).toBe(pushed);
    expect(git(project(), "rev-list", "--parents", "-n", "1", "HEAD").trim().split(" ")).toHaveLength(2);
    expect(git(project(), "status", "--porcelain", "--untracked-files=all")).toBe("");

    await page.getByRole("button", { name: "Get latest" }).click();
    await page.getByRole("status").filter({ hasText: "Up to date." }).waitFor();

    // With the page open: a second change arrives in the page itself.
    fs.writeFileSync(path.join(colleague, PET), withHeading(read(colleague), "Pets first, every hour"));
    git(colleague, "commit", "--quiet", "-am", "Every hour");
    git(colleague, "push", "--quiet", "origin", "main");
    await page.getByRole("link", { name: "AI agents for pets and vets" }).click();
    await page.getByRole("button", { name: "Get latest" }).click();
    await page.getByRole("status").filter({ hasText: "1 new change." }).waitFor();
    await previewHeading(page, "Pets first, every hour");
    expect(git(project(), "rev-parse", "HEAD")).toBe(git(colleague, "rev-parse", "HEAD"));
    await page.context().close();
  });

  it("Get latest refuses in the tab while the open page has unsaved edits, and changes nothing", async () => {
    fs.writeFileSync(path.join(colleague, PET), withHeading(read(colleague), "Theirs"));
    git(colleague, "commit", "--quiet", "-am", "Theirs");
    git(colleague, "push", "--quiet", "origin", "main");
    const page = await openPet();
    await outlineBlock(page, "Industry hero").click();
    const heading = page.getByRole("region", { name: "Industry hero" }).getByLabel("Heading", { exact: true });
    await heading.fill("Mine, not saved");
    await page.getByRole("status").filter({ hasText: "Unsaved changes" }).waitFor();
    const before = checkoutState();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.getByRole("button", { name: "Get latest" }).click();
    const line = editorHistoryLines.unsaved;
    await page.getByRole("alert").filter({ hasText: line.title }).waitFor();
    expect(await alertText(page)).toBe(
      `${line.title}. ${asSentence(messageOf(line, { files: [PET] }))} ${line.hint} Close`,
    );
    expect(asked).not.toContain("/api/get-latest");
    expect(checkoutState()).toEqual(before);
    await page.context().close();
  });

  it("Get latest merges a saved, unpublished edit with the update: asks which heading to keep, takes the rest", async () => {
    fs.writeFileSync(
      path.join(colleague, PET),
      withHeading(read(colleague), "A colleague's heading", "Pet insurance, answered"),
    );
    git(colleague, "commit", "--quiet", "-am", "Theirs");
    git(colleague, "push", "--quiet", "origin", "main");
    fs.writeFileSync(path.join(project(), PET), withHeading(read(project()), "Mine, saved"));
    const before = checkoutState();
    const page = await openTab();
    await page.getByRole("button", { name: "Get latest" }).click();
    const asked = editorGitErrors.latestConflicts;
    const dialog = page.getByRole("dialog", { name: asked.title });
    await dialog.waitFor();
    expect(await dialog.getByRole("paragraph").first().textContent()).toBe(messageOf(asked, { files: [PET] }));
    const heading = dialog.getByRole("group", { name: /› Heading$/ });
    expect(await heading.getByText("A colleague's heading", { exact: true }).count()).toBe(1);
    expect(await heading.getByText("Mine, saved", { exact: true }).count()).toBe(1);
    // Asked, not yet chosen: nothing has moved.
    expect(checkoutState()).toEqual(before);

    await heading.getByRole("radio", { name: "Keep yours" }).check();
    await dialog.getByRole("button", { name: "Get latest with these choices" }).click();
    await page.getByRole("status").filter({ hasText: "merged field by field with your edits" }).waitFor();
    const merged = JSON.parse(read(project())) as PageDoc;
    expect([merged.title, merged.blocks[0].heading]).toEqual(["Pet insurance, answered", "Mine, saved"]);
    expect(git(project(), "rev-parse", "HEAD")).toBe(git(colleague, "rev-parse", "HEAD"));
    await page.context().close();
  });

  it("on a developer's own branch, says so once and asks; not on the base", async () => {
    const onMain = await openTab();
    expect(await onMain.getByRole("dialog").count()).toBe(0);
    await onMain.context().close();

    git(project(), "switch", "--quiet", "-c", "feature/pricing");
    const before = checkoutState();
    const page = await openTab();
    const dialog = page.getByRole("dialog", { name: editorHistoryLines.onFeatureBranch.title });
    await dialog.waitFor();
    expect(await dialog.getByRole("paragraph").first().textContent()).toBe(
      messageOf(editorHistoryLines.onFeatureBranch, { branch: "feature/pricing", base: "origin/main" }),
    );
    await dialog.getByRole("button", { name: "Keep editing files only" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: editorHistoryLines.filesChosen.message })
      .waitFor({ state: "attached" });
    expect(await dialog.isVisible()).toBe(false);

    // What was chosen shows as a band above the screen, in the flow, until closed: over neither a toolbar nor the
    // preview, and the page's editor still fits the window below it.
    await page.getByRole("link", { name: TITLE }).click();
    await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
    const outcome = page.getByRole("status").filter({ hasText: editorHistoryLines.filesChosen.message });
    const [band, toolbar, frame] = await Promise.all(
      [outcome, page.locator(".topbar"), page.locator('iframe[title^="Preview"]')].map((part) => part.boundingBox()),
    );
    if (!band || !toolbar || !frame) throw new Error("the band, the toolbar or the preview is not on screen");
    expect(band.y + band.height).toBeLessThanOrEqual(toolbar.y);
    expect(toolbar.y + toolbar.height).toBeLessThanOrEqual(frame.y);
    expect(frame.y + frame.height).toBeLessThanOrEqual(DESKTOP.height);
    await outcome.getByRole("button", { name: "Close" }).click();
    expect(await outcome.count()).toBe(0);
    await page.goBack();
    await page.getByRole("link", { name: TITLE }).waitFor();

    await page.getByRole("button", { name: "Get latest" }).click();
    const off = editorGitErrors.publishingOff;
    await page.getByRole("alert").filter({ hasText: off.title }).waitFor();
    expect(await alertText(page)).toBe(
      `${off.title}. ${asSentence(messageOf(off, { branch: "feature/pricing", base: "origin/main" }))} ${off.hint} Close`,
    );
    expect(checkoutState()).toEqual(before);

    // Remembered for the run: a reload does not ask again.
    await load(page, () => page.reload());
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.context().close();
  });
});
