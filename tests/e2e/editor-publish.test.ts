import fs from "node:fs";
import path from "node:path";
import { axeAudit } from "../../scripts/lib/axe.ts";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AnyEntry,
  asSentence,
  editorForgeErrors,
  editorGitErrors,
  editorPublishLines,
  messageOf,
} from "../../contract/errors.ts";
import { type EditorServer, startEditor } from "../../editor/server.ts";
import { DESKTOP, launch } from "./support/browser.ts";
import { isFocused, outlineBlock, savedStatus, seriousViolations, tabTo, violationLines } from "./support/editor.ts";
import { GITLAB_REMOTE, type GitCheckout, gitProject } from "./support/git-remote.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const PET_TITLE = "AI agents for pet insurance";
const BASE_HEADING = "Calm, caring support when a pet needs help";
const GITHUB_API = "https://github.example.test/api/v3";
const PULLS = `${GITHUB_API}/repos/voxa/site/pulls`;
const PULL = { number: 7, html_url: "https://github.example.test/voxa/site/pull/7", state: "open" };
const GITLAB_API = "https://gitlab.example.test/api/v4";
const MERGE_REQUESTS = `${GITLAB_API}/projects/voxa%2Fsite/merge_requests`;
const MERGE_REQUEST = { iid: 3, web_url: "https://gitlab.example.test/voxa/site/-/merge_requests/3", state: "opened" };
const TOKENS = { GITHUB_TOKEN: "github-token-e2e", GITLAB_TOKEN: "gitlab-token-e2e" };

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
  await page.goto(`${editor.url}/#/edit/${encodeURIComponent(PET)}`);
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
const TEST_TIME = 300_000;
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: WAIT });
vi.setConfig({ testTimeout: TEST_TIME });

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
  await page.goto(`${editor.url}/#/edit/${encodeURIComponent(PET)}`);
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

describe("publishing from the page editor, in Chromium, against real git and scripted forges", () => {
  it("lists a saved edit with its field in words and before and after; publishes it; publishing again adds to the same pull request", async () => {
    const page = await newTab();
    await page.goto(`${editor.url}/#/edit/${encodeURIComponent(PET)}`);
    // The page's toolbar counts the changed files, and counts again once the page is saved.
    await page.getByRole("link", { name: "Changes 0 (changed files)", exact: true }).waitFor();
    // Its name begins with what it shows, "Changes 0", or "0" where the toolbar shows icons (axe 4.14's
    // label-content-name-mismatch, WCAG 2.5.3); the preview holds the site's blocks, which the site's suites audit.
    for (const width of [DESKTOP.width, 1100]) {
      await page.setViewportSize({ ...DESKTOP, width });
      expect(await violationLines(axeAudit(page).exclude('iframe[title^="Preview"]'))).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    await editHeadingInEditor(page, "Care for every pet");
    await page.getByRole("link", { name: "Changes 1 (changed file)", exact: true }).click();
    const heading = page.getByRole("heading", { name: "Changes", level: 1 });
    await poll(() => isFocused(heading)).toBe(true);

    const list = page.getByRole("region", { name: /^Changed files/ });
    const entry = list.getByRole("listitem").filter({ hasText: PET_TITLE });
    expect(await entry.locator(".kind").textContent()).toBe("Changed");
    expect(await entry.locator(".change-name code").textContent()).toBe("/industries/pet-insurance");
    expect(
      await list
        .getByRole("list", { name: `Fields changed in ${PET_TITLE}` })
        .getByRole("listitem")
        .allTextContents(),
    ).toEqual(["Industry hero › Heading"]);

    // Before and after, by the editor's own preview: the base's heading beside the saved one, at each width.
    const comparison = page.getByRole("region", { name: `Before and after: ${PET_TITLE}` });
    await poll(() => frameHeading(page, "Published version at 1366 px").textContent()).toBe(BASE_HEADING);
    await poll(() => frameHeading(page, "Your version at 1366 px").textContent()).toBe("Care for every pet");
    await comparison.getByRole("button", { name: "Phone, 390" }).click();
    await poll(() => frameHeading(page, "Published version at 390 px").textContent()).toBe(BASE_HEADING);
    await poll(() => frameHeading(page, "Your version at 390 px").textContent()).toBe("Care for every pet");

    await publish(page, "Pet insurance heading");
    expect(await publishedStatus(page)).toBe(
      statusLine(
        editorPublishLines.published,
        messageOf(editorPublishLines.published, { request: "pull request #7" }),
        "Open pull request #7 (opens in a new tab)",
        "edit/pet-insurance-heading",
      ),
    );
    const requestLink = publishPanel(page).getByRole("link", { name: "Open pull request #7 (opens in a new tab)" });
    expect(await requestLink.getAttribute("href")).toBe(PULL.html_url);
    expect(await requestLink.getAttribute("target")).toBe("_blank");

    // The remote: one new branch with one commit holding the changed page alone, on main, which did not move.
    expect(remoteBranches()).toEqual(["edit/pet-insurance-heading", "main"]);
    expect(remoteGit("rev-parse", "main").trim()).toBe(project.initial);
    expect(remoteGit("rev-list", "--parents", "main..edit/pet-insurance-heading").trim().split(" ").slice(1)).toEqual([
      project.initial,
    ]);
    expect(remoteGit("show", "--name-only", "--format=%an <%ae> %s", "edit/pet-insurance-heading").trim()).toBe(
      `Ana Marketer <ana@example.com> Pet insurance heading\n\n${PET}`,
    );
    expect(seen.filter(({ method }) => method === "POST")).toEqual([
      {
        method: "POST",
        url: PULLS,
        body: {
          head: "edit/pet-insurance-heading",
          base: "main",
          title: "Pet insurance heading",
          body: `Changes published from the page editor:\n\n- \`/industries/pet-insurance\` (changed: \`${PET}\`)`,
        },
      },
    ]);
    const first = remoteGit("rev-parse", "edit/pet-insurance-heading").trim();

    // A second edit, published again: one more commit on the same branch, and no second pull request.
    await list.getByRole("button", { name: `Edit ${PET_TITLE}` }).click();
    await outlineBlock(page, "Industry hero").click();
    await page.getByLabel("Heading", { exact: true }).fill("Care for every pet, every day");
    await page.getByRole("button", { name: "Save" }).click();
    await savedStatus(page);
    await page.getByRole("button", { name: "Pages" }).click();
    await page.getByRole("link", { name: /^Changes/ }).click();
    await publish(page, "Heading, longer");
    expect(await publishedStatus(page)).toContain(
      `${editorPublishLines.addedToRequest.title}. ${messageOf(editorPublishLines.addedToRequest, { request: "pull request #7" })}`,
    );
    expect(remoteBranches()).toEqual(["edit/pet-insurance-heading", "main"]);
    expect(remoteGit("rev-parse", "edit/pet-insurance-heading^").trim()).toBe(first);
    expect(seen.filter(({ method }) => method === "POST")).toHaveLength(1);

    // Where it stands: open while the request is; merged once the base has it.
    const published = page.getByRole("region", { name: "Published changes" }).getByRole("listitem");
    await poll(() => published.textContent()).toBe(
      "edit/pet-insurance-headingOpenpull request #7 (opens in a new tab)",
    );
    expect(await published.getByRole("link").getAttribute("href")).toBe(PULL.html_url);
    remoteGit("update-ref", "refs/heads/main", remoteGit("rev-parse", "edit/pet-insurance-heading").trim());
    await page.reload();
    await poll(() => page.getByRole("region", { name: "Published changes" }).getByRole("listitem").textContent()).toBe(
      "edit/pet-insurance-headingMerged",
    );
    await page.context().close();
  });

  it("publishes to GitLab as a merge request, and without a token shows the page that opens it", async () => {
    git("remote", "set-url", "origin", GITLAB_REMOTE);
    saveHeading("Care for every pet");
    const page = await newTab();
    await openChanges(page);
    await publish(page, "Pet heading on GitLab");
    expect(await publishedStatus(page)).toContain(
      messageOf(editorPublishLines.published, { request: "merge request !3" }),
    );
    expect(seen.filter(({ method }) => method === "POST")).toEqual([
      {
        method: "POST",
        url: MERGE_REQUESTS,
        body: {
          source_branch: "edit/pet-heading-on-gitlab",
          target_branch: "main",
          title: "Pet heading on GitLab",
          description: `Changes published from the page editor:\n\n- \`/industries/pet-insurance\` (changed: \`${PET}\`)`,
        },
      },
    ]);
    expect(remoteBranches()).toEqual(["edit/pet-heading-on-gitlab", "main"]);

    // The published list reads the request's state from GitLab once more: that is done before the token goes.
    await page
      .getByRole("region", { name: "Published changes" })
      .getByRole("link", { name: /^merge request !3/ })
      .waitFor();

    // Without a token, the branch is pushed all the same and the link opens the merge request by hand.
    delete env.GITLAB_TOKEN;
    seen.length = 0;
    project.reset();
    git("remote", "set-url", "origin", GITLAB_REMOTE);
    saveHeading("Care, without a token");
    await openChanges(page);
    await publish(page, "No token");
    expect(await publishedStatus(page)).toBe(
      statusLine(
        editorPublishLines.pushed,
        messageOf(editorPublishLines.pushed, { branch: "edit/no-token" }),
        "Open the merge request (opens in a new tab)",
        "edit/no-token",
      ),
    );
    expect(
      await publishPanel(page)
        .getByRole("link", { name: "Open the merge request (opens in a new tab)" })
        .getAttribute("href"),
    ).toBe(
      "https://gitlab.example.test/voxa/site/-/merge_requests/new?merge_request[source_branch]=edit%2Fno-token&merge_request[target_branch]=main",
    );
    // Nothing is opened or written through the API without a token. The published list may still read the earlier
    // request's state (a GET, answered or refused as the forge likes) as the Changes view loads again.
    expect(seen.filter((call) => call.method !== "GET")).toEqual([]);
    expect(remoteBranches()).toEqual(["edit/no-token", "main"]);
    await page.context().close();
  });

  it("a change in review while a colleague's change to the page is merged: Changes, Publish and Get latest say so alike", async () => {
    saveHeading("Care, in review");
    const page = await newTab();
    await openChanges(page);
    await publish(page, "Heading in review");
    await publishedStatus(page);
    const colleague = project.clone("Colleague");
    const theirs = JSON.parse(fs.readFileSync(path.join(colleague, PET), "utf8")) as { title: string };
    fs.writeFileSync(path.join(colleague, PET), `${JSON.stringify({ ...theirs, title: "Pet care" }, null, 2)}\n`);
    project.git(colleague, "commit", "--quiet", "-am", "Colleague's title");
    project.git(colleague, "push", "--quiet", "origin", "main");
    const before = snapshot();

    const inReview = editorGitErrors.inReview;
    const words = messageOf(inReview, { files: [PET], branch: "edit/heading-in-review" });
    await openChanges(page);
    const list = page.getByRole("region", { name: /^Changed files/ });
    const note = list.locator(".review-note");
    await note.waitFor();
    expect((await note.innerText()).replace(/\s+/g, " ").trim()).toBe(
      `${inReview.title}. ${asSentence(words)} ${inReview.hint}`,
    );
    expect(await list.getByRole("listitem").filter({ hasText: PET_TITLE }).first().innerText()).toContain("In review");
    await publish(page, "Again");
    await expectRefusal(publishPanel(page).getByRole("alert"), inReview, words);

    await page.goto(editor.url);
    await page.getByRole("button", { name: "Get latest" }).click();
    const alert = page.getByRole("alert").filter({ hasText: inReview.title });
    await alert.waitFor();
    expect((await alert.innerText()).replace(/\s+/g, " ").trim()).toBe(
      `${inReview.title}. ${asSentence(words)} ${inReview.hint} Close`,
    );
    expect(snapshot()).toEqual(before);
    await page.context().close();
  });

  it("asks once who publishes when git has no name and e-mail, and keeps them in the repository's settings", async () => {
    git("config", "--unset", "user.name");
    saveHeading("Care for every pet");
    const page = await newTab();
    await openChanges(page);
    await publish(page, "Who publishes");
    const dialog = page.getByRole("dialog", { name: editorGitErrors.noIdentity.title });
    await poll(() => isFocused(dialog.getByLabel("Your name"))).toBe(true);
    await dialog.getByLabel("Your name").fill("Ana Marketer");
    await dialog.getByLabel("Your e-mail").fill("not an address");
    await dialog.getByRole("button", { name: "Publish for review" }).click();
    await expectRefusal(dialog.getByRole("alert"), editorGitErrors.badIdentity, messageOf(editorGitErrors.badIdentity));
    await dialog.getByLabel("Your e-mail").fill("ana@example.com");
    await dialog.getByRole("button", { name: "Publish for review" }).click();
    expect(await publishedStatus(page)).toContain(editorPublishLines.published.title);
    expect(await dialog.isVisible()).toBe(false);
    expect(git("config", "--local", "user.name").trim()).toBe("Ana Marketer");
    expect(remoteGit("log", "-1", "--format=%an <%ae>", "edit/who-publishes").trim()).toBe(
      "Ana Marketer <ana@example.com>",
    );
    await page.context().close();
  });

  describe("a failure shows its catalogue error and leaves the files and git status as they were", () => {
    it("push rejected: the branch moved on the remote meanwhile", async () => {
      saveHeading("Care, rejected");
      // While the editor pushes, someone else puts a commit of theirs on the same branch of the remote.
      fs.writeFileSync(
        path.join(project.dir, ".git/hooks/pre-push"),
        `#!/bin/sh\nread local sha ref rest\nexport GIT_DIR="${project.remote}"\ngit update-ref "$ref" "$(git -c user.name=C -c user.email=c@example.com commit-tree main^{tree} -p main -m moved)"\n`,
        { mode: 0o755 },
      );
      const before = snapshot();
      const page = await publishRefused(
        "Rejected",
        editorGitErrors.pushRejected,
        messageOf(editorGitErrors.pushRejected, { branch: "edit/rejected" }),
      );
      expect(snapshot()).toEqual(before);
      expect(seen.filter(({ method }) => method === "POST")).toEqual([]);
      await page.context().close();
    });

    it("remote unreachable", async () => {
      saveHeading("Care, offline");
      const before = snapshot();
      fs.renameSync(project.remote, `${project.remote}.away`);
      try {
        const page = await publishRefused("Offline", editorGitErrors.offline, messageOf(editorGitErrors.offline));
        expect(snapshot()).toEqual(before);
        await page.context().close();
      } finally {
        fs.renameSync(`${project.remote}.away`, project.remote);
      }
      expect(remoteBranches()).toEqual(["main"]);
    });

    it("token refused by GitHub (HTTP 401): the branch is pushed, and the link opens the request by hand", async () => {
      forgeState.refuse = true;
      saveHeading("Care, token refused");
      const before = snapshot();
      const page = await publishRefused(
        "Token refused",
        editorForgeErrors.tokenRefused,
        messageOf(editorForgeErrors.tokenRefused, { forge: "GitHub" }),
      );
      expect(
        await publishPanel(page)
          .getByRole("link", { name: "Open the pull request (opens in a new tab)" })
          .getAttribute("href"),
      ).toBe("https://github.example.test/voxa/site/compare/main...edit/token-refused?expand=1");
      expect(snapshot()).toEqual(before);
      expect(JSON.stringify(await page.content())).not.toContain(TOKENS.GITHUB_TOKEN);
      await page.context().close();
    });
  });

  it("discards a page's changes after a confirmation naming it; an editor tab that has it open reloads it", async () => {
    saveHeading("Care, to be discarded");
    const page = await newTab();
    const other = await page.context().newPage();
    await other.goto(`${editor.url}/#/edit/${encodeURIComponent(PET)}`);
    await outlineBlock(other, "Industry hero").click();
    const field = other.getByLabel("Heading", { exact: true });
    await poll(() => field.inputValue()).toBe("Care, to be discarded");

    await openChanges(page);
    const discard = page.getByRole("button", { name: `Discard changes to ${PET_TITLE}` });
    await discard.click();
    const dialog = page.getByRole("dialog", { name: `Discard changes to “${PET_TITLE}”?` });
    expect(await dialog.innerText()).toContain("This cannot be undone.");
    await poll(() => isFocused(dialog.getByRole("button", { name: "Cancel" }))).toBe(true);
    await page.keyboard.press("Escape");
    await poll(() => isFocused(discard)).toBe(true);
    expect(read(PET)).toContain("Care, to be discarded");

    await discard.click();
    await dialog.getByRole("button", { name: "Discard changes" }).click();
    const status = page.getByRole("region", { name: /^Changed files/ }).getByRole("status");
    await poll(() => status.innerText()).toBe(
      `${editorPublishLines.discarded.title}. ${messageOf(editorPublishLines.discarded, { page: PET_TITLE, base: "origin/main" })} ${editorPublishLines.discarded.hint}`,
    );
    await poll(() => isFocused(page.getByRole("heading", { name: /^Changed files/ }))).toBe(true);
    expect(read(PET)).toBe(project.git(project.dir, "show", `origin/main:${PET}`));
    expect(git("status", "--porcelain")).toBe("");
    expect(await page.getByText(messageOf(editorPublishLines.noChanges, { base: "origin/main" })).count()).toBe(1);

    await poll(() => field.inputValue()).toBe(BASE_HEADING);
    // The tab's other live regions (the branch choice's band, Get latest's line) stand before the page's.
    const reloaded = other.getByRole("status").filter({ hasText: editorPublishLines.reloaded.message });
    expect(await reloaded.innerText()).toBe(editorPublishLines.reloaded.message);
    await page.context().close();
  });

  it("shows a changed image before and after: the published one beside the saved one", async () => {
    const AVATAR = "public/media/customers/sarah.svg";
    const published = read(AVATAR);
    fs.writeFileSync(path.join(project.dir, AVATAR), published.replaceAll("#4f78c2", "#c2571f"));
    const page = await newTab();
    await openChanges(page);
    await page.getByRole("button", { name: "Before and after of sarah.svg" }).click();
    const comparison = page.getByRole("region", { name: "Before and after: sarah.svg" });
    const image = (name: string) => comparison.getByRole("img", { name, exact: true });
    // Each side as the browser decoded it: its size, and the colour of the pixel at the figure's head.
    const decoded = (name: string) =>
      image(name).evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext("2d")!;
        context.drawImage(img, 0, 0);
        return { width: img.naturalWidth, head: [...context.getImageData(36, 28, 1, 1).data].slice(0, 3) };
      });
    await poll(() => decoded("sarah.svg, published")).toEqual({ width: 72, head: [0x4f, 0x78, 0xc2] });
    await poll(() => decoded("sarah.svg, saved")).toEqual({ width: 72, head: [0xc2, 0x57, 0x1f] });
    expect(await seriousViolations(axeAudit(page).include(".compare"))).toEqual([]);
    await page.context().close();
  });

  it("has no serious or critical axe violations, with a change listed and after publishing", async () => {
    saveHeading("Care for every pet");
    const page = await newTab();
    await openChanges(page);
    await frameHeading(page, "Your version at 1366 px").waitFor();
    // The frames hold the site's own blocks, which the site's suites audit.
    const audit = () => seriousViolations(axeAudit(page).exclude("iframe"));
    expect(await audit()).toEqual([]);
    await publish(page, "Audited");
    await publishedStatus(page);
    await page.getByRole("region", { name: "Published changes" }).getByRole("listitem").waitFor();
    expect(await audit()).toEqual([]);
    await page.getByRole("button", { name: `Discard changes to ${PET_TITLE}` }).click();
    await page.getByRole("dialog").waitFor();
    expect(await audit()).toEqual([]);
    await page.context().close();
  });

  it("publishes with the keyboard alone, from the page list", async () => {
    saveHeading("Care for every pet");
    const page = await newTab();
    await page.goto(editor.url);
    await page.getByRole("heading", { name: "Pages", level: 1 }).waitFor();
    await tabTo(page, page.getByRole("link", { name: /^Changes/ }));
    await page.keyboard.press("Enter");
    await poll(() => isFocused(page.getByRole("heading", { name: "Changes", level: 1 }))).toBe(true);
    const summary = page.getByLabel("Summary of the change");
    await tabTo(page, summary);
    await page.keyboard.type("Keyboard only");
    await page.keyboard.press("Enter");
    expect(await publishedStatus(page)).toContain(
      messageOf(editorPublishLines.published, { request: "pull request #7" }),
    );
    await poll(() => page.evaluate(() => document.activeElement?.className)).toBe("publish-result");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Open pull request #7 (opens in a new tab)",
    );
    expect(remoteBranches()).toEqual(["edit/keyboard-only", "main"]);
    await page.context().close();
  });
});
