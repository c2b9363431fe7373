import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { asSentence, editorGitErrors, editorPublishLines, messageOf } from "../../contract/errors.ts";
import { DESKTOP } from "./support/browser.ts";
import { isFocused, outlineBlock, savedStatus, violationLines } from "./support/editor.ts";
import { GITLAB_REMOTE } from "./support/git-remote.ts";
import {
  BASE_HEADING,
  MERGE_REQUESTS,
  PET,
  PET_TITLE,
  PULL,
  PULLS,
  TEST_TIME,
  publishingSuite,
} from "./support/publishing.ts";
import { editAddress } from "../../editor/protocol.ts";

const suite = publishingSuite();
const {
  env,
  seen,
  git,
  remoteGit,
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
  frameHeading,
} = suite;
vi.setConfig({ testTimeout: TEST_TIME });

describe("publishing from the page editor, in Chromium, against real git and scripted forges", () => {
  it("lists a saved edit with its field in words and before and after; publishes it; publishing again adds to the same pull request", async () => {
    const page = await newTab();
    await page.goto(`${suite.editor.url}${editAddress(PET)}`);
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
    expect(remoteGit("rev-parse", "main").trim()).toBe(suite.project.initial);
    expect(remoteGit("rev-list", "--parents", "main..edit/pet-insurance-heading").trim().split(" ").slice(1)).toEqual([
      suite.project.initial,
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
    suite.project.reset();
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
    const colleague = suite.project.clone("Colleague");
    const theirs = JSON.parse(fs.readFileSync(path.join(colleague, PET), "utf8")) as { title: string };
    fs.writeFileSync(path.join(colleague, PET), `${JSON.stringify({ ...theirs, title: "Pet care" }, null, 2)}\n`);
    suite.project.git(colleague, "commit", "--quiet", "-am", "Colleague's title");
    suite.project.git(colleague, "push", "--quiet", "origin", "main");
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

    await page.goto(suite.editor.url);
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
});
