// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { editorGitErrors, messageOf } from "../../contract/errors.ts";
import { baseBytes, discardChange, listChanges } from "./changes.ts";
import { fileHistory, versionOf } from "./history.ts";
import { storeIdentity } from "./identity.ts";
import { getLatest } from "./latest.ts";
import { branchName, publish } from "./publish.ts";
import { Repository } from "./repository.ts";
import { ABOUT, type Repos, SITE, aboutPage, makeRepos } from "../../tests/support/editor/git/test-repos.ts";

let repos: Repos;
let repo: Repository;
beforeEach(async () => {
  repos = makeRepos();
  repo = await Repository.open(repos.checkout);
});
afterEach(() => repos.remove());

const NEW_PAGE = "site-config/pages/pricing.json";

/** What git and the files say about the checkout: status, HEAD, index and every file's content. */
function snapshot(dir = repos.checkout) {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !path.join(entry.parentPath, entry.name).includes(`${path.sep}.git`))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  return {
    status: repos.git(dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all"),
    head: repos.git(dir, "rev-parse", "HEAD"),
    index: repos.git(dir, "ls-files", "--stage"),
    files: Object.fromEntries(files.map((file) => [file, repos.read(dir, file)])),
  };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error("expected a refusal");
};

/** The marketer's usual edits: a changed page, a new one, a new image; and a stray .env beside the pages. */
function editAsMarketer() {
  repos.write(repos.checkout, ABOUT, aboutPage("About us"));
  repos.write(repos.checkout, NEW_PAGE, aboutPage("Pricing"));
  repos.write(repos.checkout, "public/media/team.svg", "<svg><circle/></svg>\n");
  repos.write(repos.checkout, "site-config/.env", "SECRET=1\n");
}

describe("the editor's git: changes against the base", () => {
  it("lists added, changed and deleted content, and names files that are not content apart", async () => {
    editAsMarketer();
    fs.rmSync(path.join(repos.checkout, "public/media/logo.svg"));
    const changes = await listChanges(repo);
    expect(changes.base.name).toBe("origin/main");
    expect(changes.changes).toEqual([
      { file: "public/media/logo.svg", kind: "deleted" },
      { file: "public/media/team.svg", kind: "added" },
      { file: ABOUT, kind: "changed" },
      { file: NEW_PAGE, kind: "added" },
    ]);
    expect(changes.notContent).toEqual(["site-config/.env"]);
  });

  it("reads a page's base version, and discards a change back to it (a new page is removed), touching only the file", async () => {
    editAsMarketer();
    expect((await baseBytes(repo, ABOUT))?.toString("utf8")).toBe(aboutPage("About Voxa"));
    expect(await baseBytes(repo, NEW_PAGE)).toBeUndefined();
    expect(await discardChange(repo, ABOUT)).toEqual({ file: ABOUT, kind: "changed" });
    expect(repos.read(repos.checkout, ABOUT)).toBe(aboutPage("About Voxa"));
    await discardChange(repo, NEW_PAGE);
    expect(fs.existsSync(path.join(repos.checkout, NEW_PAGE))).toBe(false);
    expect((await listChanges(repo)).changes).toEqual([{ file: "public/media/team.svg", kind: "added" }]);
    expect(await discardChange(repo, SITE)).toBeUndefined();
  });

  it("takes the base from EDIT_BASE, else from the repository's setting", async () => {
    repos.git(repos.checkout, "config", "voxa-editor.base", "origin/live");
    expect((await repo.base()).ref).toBe("refs/remotes/origin/live");
    process.env.EDIT_BASE = "upstream/production";
    try {
      expect(await repo.base()).toEqual({
        remote: "upstream",
        branch: "production",
        ref: "refs/remotes/upstream/production",
        name: "upstream/production",
      });
    } finally {
      delete process.env.EDIT_BASE;
    }
  });
});

describe("the editor's git: publishing", () => {
  it("pushes one commit of exactly the changed content on a new branch, authored as the marketer, and leaves the checkout as it was", async () => {
    editAsMarketer();
    repos.write(repos.checkout, "README.md", "# Site, staged by a developer\n");
    repos.git(repos.checkout, "add", "README.md");
    const before = snapshot();
    const mainBefore = repos.git(repos.remote, "rev-parse", "main");

    const published = await publish(repo, { summary: "  New pricing page\nand about text " });

    expect(published).toMatchObject({ branch: "edit/new-pricing-page-and-about-text", created: true });
    expect(snapshot()).toEqual(before);
    expect(repos.git(repos.remote, "rev-parse", "main")).toBe(mainBefore);
    const log = repos.git(repos.remote, "log", "--format=%an <%ae>|%s|%P", `${published.branch}`, "-1");
    expect(log.trim()).toBe(`Ana Marketer <ana@example.com>|New pricing page and about text|${mainBefore.trim()}`);
    const files = repos.git(repos.remote, "diff-tree", "--no-commit-id", "--name-status", "-r", published.branch);
    expect(files.trim().split("\n")).toEqual(["A\tpublic/media/team.svg", `M\t${ABOUT}`, `A\t${NEW_PAGE}`]);
    expect(repos.git(repos.remote, "show", `${published.branch}:${ABOUT}`)).toBe(aboutPage("About us"));
  });

  it("adds a commit to the same branch while its request is open, and opens a new branch once it is merged", async () => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    const first = await publish(repo, { summary: "About text" });
    repos.write(repos.checkout, ABOUT, aboutPage("About us, again"));
    const second = await publish(repo, { summary: "Reworded" });
    expect(second).toMatchObject({ branch: first.branch, created: false });
    expect(repos.git(repos.remote, "rev-parse", `${second.branch}^`).trim()).toBe(first.commit);
    expect(repos.git(repos.remote, "show", `${second.branch}:${ABOUT}`)).toBe(aboutPage("About us, again"));
    expect(await codeOf(publish(repo, { summary: "Again" }))).toEqual({
      code: "EDIT_GIT_IN_REVIEW",
      message: messageOf(editorGitErrors.inReview, { files: [ABOUT], branch: first.branch }),
    });

    // A reviewer merges it on the remote.
    repos.git(repos.colleague, "fetch", "--quiet", "origin");
    repos.git(repos.colleague, "merge", "--quiet", "--ff-only", `origin/${first.branch}`);
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");
    repos.write(repos.checkout, SITE, '{\n  "name": "Voxa AI"\n}\n');
    const third = await publish(repo, { summary: "Site name", isOpen: async () => true });
    expect(third).toMatchObject({ branch: "edit/site-name", created: true });
  });

  it("publishes on a new branch when the forge says the request was closed", async () => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    await publish(repo, { summary: "About text" });
    repos.write(repos.checkout, SITE, '{\n  "name": "Voxa AI"\n}\n');
    const next = await publish(repo, { summary: "About text", isOpen: async () => false });
    expect(next).toMatchObject({ branch: "edit/about-text-2", created: true });
  });

  it("refuses files that are not content, an empty summary, and nothing to publish", async () => {
    editAsMarketer();
    expect(await codeOf(publish(repo, { summary: "x", files: ["site-config/.env", ABOUT] }))).toEqual({
      code: "EDIT_GIT_NOT_CONTENT",
      message: messageOf(editorGitErrors.notContent, { files: ["site-config/.env"] }),
    });
    expect(await codeOf(publish(repo, { summary: " \n " }))).toMatchObject({ code: "EDIT_GIT_NO_SUMMARY" });
    const clean = await Repository.open(repos.colleague);
    expect(await codeOf(publish(clean, { summary: "x" }))).toMatchObject({ code: "EDIT_GIT_NOTHING_TO_PUBLISH" });
  });

  it("asks for a name and e-mail when git has none, and keeps them in the repository's settings", async () => {
    repos.git(repos.checkout, "config", "--unset", "user.name");
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    expect(await codeOf(publish(repo, { summary: "x" }))).toMatchObject({ code: "EDIT_GIT_NO_IDENTITY" });
    expect(await codeOf(storeIdentity(repo, { name: "Bo", email: "not an address" }))).toMatchObject({
      code: "EDIT_GIT_BAD_IDENTITY",
    });
    await storeIdentity(repo, { name: " Bo Writer ", email: "bo@example.com" });
    expect(repos.git(repos.checkout, "config", "--local", "user.name").trim()).toBe("Bo Writer");
    const published = await publish(repo, { summary: "x" });
    expect(repos.git(repos.remote, "log", "-1", "--format=%an <%ae>", published.branch).trim()).toBe(
      "Bo Writer <bo@example.com>",
    );
  });

  it("refuses when someone published a change to the same page since, until Get latest", async () => {
    repos.write(repos.colleague, ABOUT, aboutPage("About Voxa, by a colleague"));
    repos.git(repos.colleague, "commit", "--quiet", "-am", "Colleague's words");
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    const before = snapshot();
    expect(await codeOf(publish(repo, { summary: "x" }))).toEqual({
      code: "EDIT_GIT_BASE_MOVED",
      message: messageOf(editorGitErrors.baseMoved, { files: [ABOUT] }),
    });
    expect(snapshot()).toEqual(before);
  });
});

describe("the editor's git: every failure leaves the files and git status as they were", () => {
  const failsWith = async (code: string, prepare: () => void) => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    prepare();
    const before = snapshot();
    expect(await codeOf(publish(repo, { summary: "About text" }))).toMatchObject({ code });
    expect(snapshot()).toEqual(before);
  };

  it("remote unreachable", () =>
    failsWith("EDIT_GIT_OFFLINE", () =>
      repos.git(repos.checkout, "remote", "set-url", "origin", path.join(repos.remote, "..", "gone.git")),
    ));

  it("no remote", () => failsWith("EDIT_GIT_NO_REMOTE", () => repos.git(repos.checkout, "remote", "remove", "origin")));

  it("no permission (the remote's hook declines the push)", () =>
    failsWith("EDIT_GIT_NO_PERMISSION", () => {
      repos.write(repos.remote, "hooks/pre-receive", "#!/bin/sh\necho 'permission denied' >&2\nexit 1\n");
      fs.chmodSync(path.join(repos.remote, "hooks/pre-receive"), 0o755);
    }));

  it("push rejected: someone moved the branch while it was being published", async () => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    const first = await publish(repo, { summary: "About text" });
    // The colleague pushes onto the same branch just before the marketer's push reaches the remote.
    repos.write(
      repos.checkout,
      ".git/hooks/pre-push",
      `#!/bin/sh\ncd "${repos.colleague}" && git fetch -q origin ${first.branch} && git switch -q -c other FETCH_HEAD && echo x >> README.md && git commit -qam moved && git push -q origin HEAD:${first.branch}\n`,
    );
    fs.chmodSync(path.join(repos.checkout, ".git/hooks/pre-push"), 0o755);
    repos.write(repos.checkout, ABOUT, aboutPage("About us, again"));
    const before = snapshot();
    expect(await codeOf(publish(repo, { summary: "Reworded" }))).toEqual({
      code: "EDIT_GIT_PUSH_REJECTED",
      message: messageOf(editorGitErrors.pushRejected, { branch: first.branch }),
    });
    expect(snapshot()).toEqual(before);
  });

  it("a merge in progress", () =>
    failsWith("EDIT_GIT_IN_PROGRESS", () =>
      repos.write(repos.checkout, ".git/MERGE_HEAD", repos.git(repos.checkout, "rev-parse", "HEAD")),
    ));

  it("a rebase in progress", () =>
    failsWith("EDIT_GIT_IN_PROGRESS", () => fs.mkdirSync(path.join(repos.checkout, ".git/rebase-merge"))));

  it("a detached HEAD", () =>
    failsWith("EDIT_GIT_DETACHED", () => repos.git(repos.checkout, "switch", "--quiet", "--detach")));

  it("not a git repository", async () => {
    fs.rmSync(path.join(repos.checkout, ".git"), { recursive: true });
    expect(await codeOf(Repository.open(repos.checkout))).toMatchObject({ code: "EDIT_GIT_NOT_A_REPOSITORY" });
  });
});

describe("the editor's git: Get latest", () => {
  const colleaguePublishes = (file: string, text: string) => {
    repos.write(repos.colleague, file, text);
    repos.git(repos.colleague, "commit", "--quiet", "-am", "Colleague's change");
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");
  };

  it("moves the checkout forward to the base, keeping unrelated local edits, without a merge commit", async () => {
    colleaguePublishes(SITE, '{\n  "name": "Voxa AI"\n}\n');
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    expect(await getLatest(repo)).toEqual({ updated: true, files: [SITE] });
    expect(repos.read(repos.checkout, SITE)).toBe('{\n  "name": "Voxa AI"\n}\n');
    expect(repos.read(repos.checkout, ABOUT)).toBe(aboutPage("About us"));
    expect(repos.git(repos.checkout, "rev-parse", "HEAD")).toBe(repos.git(repos.remote, "rev-parse", "main"));
    expect(repos.git(repos.checkout, "rev-list", "--merges", "HEAD").trim()).toBe("");
    expect(await getLatest(repo)).toEqual({ updated: false, files: [] });
  });

  it("is blocked by an unpublished edit to a file the update changes, and says which", async () => {
    colleaguePublishes(ABOUT, aboutPage("About Voxa, by a colleague"));
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    const before = snapshot();
    expect(await codeOf(getLatest(repo))).toEqual({
      code: "EDIT_GIT_LATEST_BLOCKED",
      message: messageOf(editorGitErrors.latestBlocked, { files: [ABOUT] }),
    });
    expect(snapshot()).toEqual(before);
  });

  it("goes through once the marketer's own published change is merged: their edit is what the update brings", async () => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    repos.write(repos.checkout, NEW_PAGE, aboutPage("Pricing"));
    const published = await publish(repo, { summary: "About and pricing" });
    repos.git(repos.colleague, "fetch", "--quiet", "origin");
    repos.git(repos.colleague, "merge", "--quiet", "--ff-only", `origin/${published.branch}`);
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");
    expect(await getLatest(repo)).toEqual({ updated: true, files: [NEW_PAGE, ABOUT].sort() });
    expect((await listChanges(repo)).changes).toEqual([]);
    expect(repos.git(repos.checkout, "status", "--porcelain")).toBe("");
  });

  it("refuses when the branch has commits the base has not (never a merge or a rebase)", async () => {
    colleaguePublishes(SITE, '{\n  "name": "Voxa AI"\n}\n');
    repos.git(repos.checkout, "commit", "--quiet", "--allow-empty", "-m", "Local");
    const before = snapshot();
    expect(await codeOf(getLatest(repo))).toMatchObject({ code: "EDIT_GIT_DIVERGED" });
    expect(snapshot()).toEqual(before);
  });

  it("says when the remote cannot be reached", async () => {
    repos.git(repos.checkout, "remote", "set-url", "origin", path.join(repos.remote, "..", "gone.git"));
    expect(await codeOf(getLatest(repo))).toMatchObject({ code: "EDIT_GIT_OFFLINE" });
  });
});

describe("the editor's git: a change in review, while a colleague's change to the same page is merged", () => {
  const inReview = (branch: string) => ({
    code: "EDIT_GIT_IN_REVIEW",
    message: messageOf(editorGitErrors.inReview, { files: [ABOUT], branch }),
  });
  /** The marketer publishes the about page; then a colleague's change to it is merged into main. */
  async function publishedThenColleague() {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    const published = await publish(repo, { summary: "About text" });
    repos.write(repos.colleague, ABOUT, aboutPage("About Voxa, by a colleague"));
    repos.git(repos.colleague, "commit", "--quiet", "-am", "Colleague's words");
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");
    return published;
  }

  it("Get latest, Publish and the changes all say it is in review on its branch; once merged, Get latest brings it", async () => {
    const { branch, commit } = await publishedThenColleague();
    const before = snapshot();

    expect(await listChanges(repo)).toMatchObject({
      changes: [{ file: ABOUT, kind: "changed" }],
      inReview: { branch, files: [ABOUT] },
      merged: [],
    });
    expect(await codeOf(getLatest(repo))).toEqual(inReview(branch));
    expect(await codeOf(publish(repo, { summary: "Again" }))).toEqual(inReview(branch));
    expect(snapshot()).toEqual(before);
    expect(repos.git(repos.remote, "rev-parse", branch).trim()).toBe(commit);

    // The reviewer merges the request, settling the page between the two changes.
    repos.git(repos.colleague, "fetch", "--quiet", "origin");
    expect(() => repos.git(repos.colleague, "merge", "--quiet", `origin/${branch}`)).toThrow();
    repos.write(repos.colleague, ABOUT, aboutPage("About us, by both"));
    repos.git(repos.colleague, "commit", "--quiet", "-am", "Merge the about text");
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");

    expect(await codeOf(publish(repo, { summary: "Again" }))).toEqual({
      code: "EDIT_GIT_ALREADY_MERGED",
      message: messageOf(editorGitErrors.alreadyMerged, { files: [ABOUT] }),
    });
    expect(await listChanges(repo)).toMatchObject({ changes: [{ file: ABOUT }], merged: [ABOUT] });
    expect((await listChanges(repo)).inReview).toBeUndefined();
    expect(await getLatest(repo)).toEqual({ updated: true, files: [ABOUT] });
    expect(repos.read(repos.checkout, ABOUT)).toBe(aboutPage("About us, by both"));
    expect(await listChanges(repo)).toMatchObject({ changes: [], merged: [] });
    expect(repos.git(repos.checkout, "status", "--porcelain")).toBe("");
  });

  it("a request closed without merging holds nothing in review: the change is the marketer's again, to publish anew", async () => {
    const { branch } = await publishedThenColleague();
    const open = async () => true;
    const closed = async (asked: string) => {
      expect(asked).toBe(branch);
      return false;
    };
    expect((await listChanges(repo, open)).inReview).toEqual({ branch, files: [ABOUT] });
    expect(await listChanges(repo, closed)).toMatchObject({ changes: [{ file: ABOUT }], merged: [] });
    expect((await listChanges(repo, closed)).inReview).toBeUndefined();
    // Get latest asks for it to be published (or merged field by field, in the editor), never to wait for a review.
    expect(await codeOf(getLatest(repo, undefined, closed))).toEqual({
      code: "EDIT_GIT_LATEST_BLOCKED",
      message: messageOf(editorGitErrors.latestBlocked, { files: [ABOUT] }),
    });
    expect(await codeOf(getLatest(repo, undefined, open))).toEqual(inReview(branch));
  });

  it("an edit made since is the marketer's to publish first: Get latest names it as unpublished", async () => {
    await publishedThenColleague();
    repos.write(repos.checkout, ABOUT, aboutPage("About us, reworded"));
    expect((await listChanges(repo)).inReview).toBeUndefined();
    expect(await codeOf(getLatest(repo))).toEqual({
      code: "EDIT_GIT_LATEST_BLOCKED",
      message: messageOf(editorGitErrors.latestBlocked, { files: [ABOUT] }),
    });
  });

  it("a published version restored after Get latest brought it is an edit of the marketer's, to publish", async () => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    const { branch } = await publish(repo, { summary: "About text" });
    repos.git(repos.colleague, "fetch", "--quiet", "origin");
    repos.git(repos.colleague, "merge", "--quiet", "--ff-only", `origin/${branch}`);
    repos.write(repos.colleague, ABOUT, aboutPage("About Voxa, by a colleague"));
    repos.git(repos.colleague, "commit", "--quiet", "-am", "Colleague's words");
    repos.git(repos.colleague, "push", "--quiet", "origin", "main");
    expect(await getLatest(repo)).toEqual({ updated: true, files: [ABOUT] });
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    expect(await listChanges(repo)).toMatchObject({ changes: [{ file: ABOUT }], merged: [] });
    expect(await publish(repo, { summary: "About text back" })).toMatchObject({ created: true });
  });

  it("discarding the copy brings the latest site, and the change stays in review through later publishes", async () => {
    const { branch } = await publishedThenColleague();
    expect(await discardChange(repo, ABOUT)).toEqual({ file: ABOUT, kind: "changed" });
    expect(await getLatest(repo)).toEqual({ updated: true, files: [ABOUT] });
    expect(repos.read(repos.checkout, ABOUT)).toBe(aboutPage("About Voxa, by a colleague"));
    expect(await listChanges(repo)).toMatchObject({ changes: [], merged: [] });

    repos.write(repos.checkout, SITE, '{\n  "name": "Voxa AI"\n}\n');
    expect(await publish(repo, { summary: "Site name" })).toMatchObject({ branch, created: false });
    expect(repos.git(repos.remote, "show", `${branch}:${ABOUT}`)).toBe(aboutPage("About us"));
    expect(repos.git(repos.remote, "show", `${branch}:${SITE}`)).toBe('{\n  "name": "Voxa AI"\n}\n');
  });
});

describe("the editor's git: a page's history", () => {
  it("lists who changed the page, when and why, newest first, and reads any version", async () => {
    repos.write(repos.checkout, ABOUT, aboutPage("About us"));
    repos.git(repos.checkout, "commit", "--quiet", "-am", "Shorter title");
    const history = await fileHistory(repo, ABOUT);
    expect(history.map(({ author, summary, file }) => ({ author, summary, file }))).toEqual([
      { author: "Ana Marketer", summary: "Shorter title", file: ABOUT },
      { author: "Dev", summary: "The site", file: ABOUT },
    ]);
    expect(history[0].date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await versionOf(repo, history[1].commit, ABOUT)).toBe(aboutPage("About Voxa"));
    expect(await codeOf(versionOf(repo, "0".repeat(40), ABOUT))).toMatchObject({ code: "EDIT_GIT_UNKNOWN_VERSION" });
    expect(await codeOf(versionOf(repo, "--output=x", ABOUT))).toMatchObject({ code: "EDIT_GIT_UNKNOWN_VERSION" });
    expect(await codeOf(fileHistory(repo, "README.md"))).toMatchObject({ code: "EDIT_GIT_NOT_CONTENT" });
  });
});

describe("branch names", () => {
  it("come from the summary, in lower-case words", () => {
    expect(branchName("New pet-insurance page: Ünïcode & more!")).toBe("edit/new-pet-insurance-page-unicode-more");
    expect(branchName("!!!")).toBe("edit/change");
  });
});
