import fs from "node:fs";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { type AnyEntry, asSentence } from "../../../contract/errors.ts";
import { type EditorServer, startEditor } from "../../../editor/server.ts";
import { DESKTOP, launch } from "./browser.ts";
import { savedStatus, outlineBlock } from "./editor.ts";
import { type GitCheckout, gitProject } from "./git-remote.ts";
import { editAddress } from "../../../editor/protocol.ts";

/** The time a publishing suite's test may take: the machine may be busy, and a passing run never waits it out. */
export const TEST_TIME = 300_000;

export const PET = "site-config/pages/industries/pet-insurance.json";
export const PET_TITLE = "AI agents for pet insurance";
export const BASE_HEADING = "Calm, caring support when a pet needs help";
export const GITHUB_API = "https://github.example.test/api/v3";
export const PULLS = `${GITHUB_API}/repos/voxa/site/pulls`;
export const PULL = { number: 7, html_url: "https://github.example.test/voxa/site/pull/7", state: "open" };
export const GITLAB_API = "https://gitlab.example.test/api/v4";
export const MERGE_REQUESTS = `${GITLAB_API}/projects/voxa%2Fsite/merge_requests`;
export const MERGE_REQUEST = {
  iid: 3,
  web_url: "https://gitlab.example.test/voxa/site/-/merge_requests/3",
  state: "opened",
};
export const TOKENS = { GITHUB_TOKEN: "github-token-e2e", GITLAB_TOKEN: "gitlab-token-e2e" };

/**
 * One editor on a git checkout with a bare remote, GitHub's and GitLab's APIs scripted (msw) and one Chromium, for a
 * publishing suite: started before its tests, the checkout reset before each, all stopped after. Each suite calls it
 * once, at its top: the hooks are its own.
 */
export function publishingSuite() {
  /** The forge's variables as the editor's server reads them; a test takes a token away by deleting it. */
  const env: NodeJS.ProcessEnv = { GITHUB_API_URL: GITHUB_API, CI_API_V4_URL: GITLAB_API };

  /** What GitHub's and GitLab's scripted APIs received, and how they answer. */
  const seen: { method: string; url: string; body: unknown }[] = [];
  const forgeState = { opened: false, refuse: false };
  const refused = () => HttpResponse.json({ message: "Bad credentials" }, { status: 401 });
  const forge = setupServer(
    http.get(PULLS, () => (forgeState.refuse ? refused() : HttpResponse.json(forgeState.opened ? [PULL] : []))),
    http.post(PULLS, () => {
      if (forgeState.refuse) return refused();
      forgeState.opened = true;
      return HttpResponse.json(PULL, { status: 201 });
    }),
    http.get(MERGE_REQUESTS, () => HttpResponse.json(forgeState.opened ? [MERGE_REQUEST] : [])),
    http.post(MERGE_REQUESTS, () => {
      forgeState.opened = true;
      return HttpResponse.json(MERGE_REQUEST, { status: 201 });
    }),
  );
  forge.events.on("request:start", async ({ request }) => {
    if (new URL(request.url).hostname === "127.0.0.1") return;
    const text = await request.clone().text();
    seen.push({ method: request.method, url: request.url, body: text ? (JSON.parse(text) as unknown) : undefined });
  });

  let project: GitCheckout;
  let editor: EditorServer;
  let browser: Browser;

  beforeAll(async () => {
    project = gitProject();
    forge.listen({
      onUnhandledRequest: (request, print) => {
        if (new URL(request.url).hostname !== "127.0.0.1") print.error();
      },
    });
    editor = await startEditor({ projectDir: project.dir, env });
    browser = await launch();
    // The first tab has the editor's modules and the preview's compiled: the tests then time what they do, not that.
    const page = await newTab();
    await page.goto(`${editor.url}${editAddress(PET)}`);
    await page.frameLocator("iframe").getByRole("heading", { level: 1 }).waitFor();
    await page.context().close();
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await editor?.close();
    forge.close();
    project?.remove();
  });
  beforeEach(() => {
    project.reset();
    Object.assign(env, TOKENS);
    Object.assign(forgeState, { opened: false, refuse: false });
    seen.length = 0;
  });

  const git = (...args: string[]) => project.git(project.dir, ...args);
  const remoteGit = (...args: string[]) => project.git(project.remote, ...args);
  const read = (file: string) => fs.readFileSync(path.join(project.dir, file), "utf8");
  const remoteBranches = () => remoteGit("for-each-ref", "--format=%(refname:short)", "refs/heads/").trim().split("\n");

  /** A saved edit of the pet insurance page's hero heading, as the editor writes it (for tests about what follows). */
  function saveHeading(heading: string) {
    const page = JSON.parse(read(PET)) as { blocks: Record<string, unknown>[] };
    page.blocks[0].heading = heading;
    fs.writeFileSync(path.join(project.dir, PET), `${JSON.stringify(page, null, 2)}\n`);
  }

  /** The files and `git status` as the marketer has them, to show that a failure changed neither. */
  const snapshot = () => ({
    status: git("status", "--porcelain=v2", "--branch", "--untracked-files=all"),
    page: read(PET),
    head: git("rev-parse", "HEAD"),
  });

  /** The machine may be busy: waits are long enough for a slow run, and a passing run never waits them out. */
  const WAIT = 60_000;
  const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: WAIT });

  async function newTab(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport });
    context.setDefaultTimeout(WAIT);
    return context.newPage();
  }

  /** The Changes view, opened from the page list's link as a marketer does. */
  async function openChanges(page: Page): Promise<void> {
    await page.goto(editor.url);
    await page.getByRole("link", { name: /^Changes/ }).click();
    await page.getByRole("heading", { name: "Changes", level: 1 }).waitFor();
  }

  /** Edits the hero's heading in the editor and saves it, through the form. */
  async function editHeadingInEditor(page: Page, heading: string): Promise<void> {
    await page.goto(`${editor.url}${editAddress(PET)}`);
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Heading", { exact: true }).fill(heading);
    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);
  }

  const publishPanel = (page: Page) => page.getByRole("region", { name: "Publish for review" });

  async function publish(page: Page, summary: string): Promise<void> {
    await publishPanel(page).getByLabel("Summary of the change").fill(summary);
    await publishPanel(page).getByRole("button", { name: "Publish for review" }).click();
  }

  /** The status line after publishing, once it is there. */
  async function publishedStatus(page: Page): Promise<string> {
    const status = publishPanel(page).getByRole("status");
    await status.getByRole("link").or(status.locator("code.command")).first().waitFor();
    return (await status.innerText()).replace(/\s+/g, " ").trim();
  }

  /** The status line as `publishedStatus` reads it: the line's title and words, the request's link, the branch, the fix. */
  const statusLine = (entry: AnyEntry, message: string, link: string, branch: string) =>
    [`${entry.title}.`, asSentence(message), link, `Branch ${branch}`, entry.hint].join(" ");

  /** The alert of a refusal: the catalogue entry's title, its message and its fix, as the editor shows every refusal. */
  async function expectRefusal(alert: Locator, entry: AnyEntry, message: string): Promise<void> {
    await alert.waitFor();
    expect((await alert.innerText()).replace(/\s+/g, " ").trim()).toBe(
      `${entry.title}. ${asSentence(message)} ${entry.hint}`,
    );
  }

  /** Publishes the saved changes from a new tab's Changes view, and waits for the panel's refusal: `entry`, `message`. */
  async function publishRefused(summary: string, entry: AnyEntry, message: string): Promise<Page> {
    const page = await newTab();
    await openChanges(page);
    await publish(page, summary);
    await expectRefusal(publishPanel(page).getByRole("alert"), entry, message);
    return page;
  }

  const frameHeading = (page: Page, title: string) =>
    page.frameLocator(`iframe[title="${title}"]`).getByRole("heading", { level: 1 });

  return {
    env,
    seen,
    forgeState,
    get project() {
      return project;
    },
    get editor() {
      return editor;
    },
    git,
    remoteGit,
    read,
    remoteBranches,
    saveHeading,
    snapshot,
    poll,
    newTab,
    openChanges,
    editHeadingInEditor,
    publishPanel,
    publish,
    publishedStatus,
    statusLine,
    expectRefusal,
    publishRefused,
    frameHeading,
  };
}
