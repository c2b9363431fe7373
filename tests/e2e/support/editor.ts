import type AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { editorBundle } from "../../../editor/bundle.ts";
import { type EditorServer, startEditor } from "../../../editor/server.ts";
import { copyProject } from "../../support/editor/test-project.ts";
import { DESKTOP, launch } from "./browser.ts";

export interface EditorSuite {
  /** A copy of the project, which the editor writes into. */
  project: ReturnType<typeof copyProject>;
  editor: EditorServer;
  browser: Browser;
}

/**
 * The page editor serving a copy of the project, and a browser, for the suite that calls this; gone after it.
 * `prepare` readies the copy before the editor starts, which reads the block types and their histories once (makes it
 * a git checkout, say, or gives a block type an older version).
 */
export function editorSuite(prepare?: (projectDir: string) => void | Promise<void>): EditorSuite {
  const suite = {} as EditorSuite;
  beforeAll(async () => {
    suite.project = copyProject();
    await prepare?.(suite.project.dir);
    // The editor's pages, built once for the run (or found built) before the suite's first test opens them.
    suite.editor = await startEditor({ projectDir: suite.project.dir, bundleDir: await editorBundle() });
    suite.browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.editor?.close();
    suite.project?.remove();
  });
  return suite;
}

/**
 * Creates a page from the industry template as a marketer does, in the page list's New page form of a fresh tab, and
 * waits for the editor to open it. Returns the tab and the form.
 */
export async function createIndustryPage(suite: EditorSuite, name: string): Promise<{ page: Page; form: Locator }> {
  const context = await suite.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(suite.editor.url);
  const form = page.getByRole("region", { name: "New page" });
  await form.getByLabel("Name, as shown in menus").fill(name);
  await form.getByRole("button", { name: "New page" }).click();
  // The name reads in lower case inside the title's sentence, as new:page writes it ("AI agents for marine insurance").
  await page.getByRole("heading", { name: `AI agents for ${name.toLowerCase()}`, level: 1, exact: true }).waitFor();
  return { page, form };
}

/** Waits for the status after a save that wrote the file; a bare "Saved" would also match "Unsaved changes". */
export const savedStatus = (page: Page) =>
  page
    .getByRole("status")
    .filter({ hasText: /(^|\s)Saved$/ })
    .waitFor();

/** Waits for the status line to say a save was written merged with changes saved meanwhile. */
export const mergedStatus = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Saved, merged with changes made meanwhile" }).waitFor();

/** The live preview's frame. */
export const preview = (page: Page) => page.frameLocator('iframe[title^="Preview"]');

/** A block's button in the outline, by its block label. */
export const outlineBlock = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Page outline" }).getByRole("button", { name: new RegExp(`^${label}`) });

/** Whether `target` has the keyboard focus. */
export const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, as someone using the keyboard alone reaches it. */
export async function tabTo(page: Page, target: Locator, { maxTabs = 60, back = false } = {}) {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`not reached with ${maxTabs} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

/**
 * The problem shown under a field, its message then the catalogue's fix: the last part of the field's description, so
 * screen readers read it with the field.
 */
export async function fieldMessage(page: Page, field: Locator): Promise<string | null> {
  const described = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const last = described.at(-1);
  return last?.endsWith("-problems") ? page.locator(`#${last}`).textContent() : null;
}

/** axe-core's violations of what `audit` covers, as "rule: selectors" lines; `seriousOnly` keeps the serious and critical ones. */
export async function violationLines(audit: AxeBuilder, { seriousOnly = false } = {}): Promise<string[]> {
  const { violations } = await audit.analyze();
  return violations
    .filter((violation) => !seriousOnly || violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/** The violations of serious or critical impact, as `violationLines` gives them. */
export const seriousViolations = (audit: AxeBuilder) => violationLines(audit, { seriousOnly: true });
