// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { editorErrors, editorForgeErrors, editorGitErrors, messageOf } from "../contract/errors.ts";
import { type EditorServer, startEditor } from "./server.ts";
import { checkoutOfGitHubRemote } from "../tests/support/editor/git/test-repos.ts";
import { copyProject } from "../tests/support/editor/test-project.ts";

const PET = "site-config/pages/industries/pet-insurance.json";
const TOKEN = "secret-token-4f1c";
const API = "https://github.example.test/api/v3";
const PULLS = `${API}/repos/voxa/site/pulls`;
const PULL = { number: 7, html_url: "https://github.example.test/voxa/site/pull/7", state: "open" };

let top: string;
let project: ReturnType<typeof copyProject>;
let remote: string;
let colleague: string;
let editor: EditorServer;
const env: NodeJS.ProcessEnv = { GITHUB_API_URL: API, GITHUB_TOKEN: TOKEN, PATH: "" };
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

const forge = setupServer();
const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];
let opened = false;
let refuse = false;
forge.events.on("request:start", async ({ request }) => {
  if (new URL(request.url).hostname === "127.0.0.1") return;
  const text = await request.clone().text();
  seen.push({
    method: request.method,
    url: request.url,
    auth: request.headers.get("authorization"),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  });
});
const denied = () => HttpResponse.json({ message: "Bad credentials" }, { status: 401 });
const handlers = [
  http.get(PULLS, () => (refuse ? denied() : HttpResponse.json(opened ? [PULL] : []))),
  http.post(PULLS, () => {
    if (refuse) return denied();
    opened = true;
    return HttpResponse.json(PULL, { status: 201 });
  }),
];

/** Every answer and every log line, to show that the forge's token is in none of them. */
const answers: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-publishing-"));
  project = copyProject();
  remote = checkoutOfGitHubRemote(project.dir, top, { name: "Ana Marketer", email: "ana@example.com" });
  git(project.dir, "config", "user.name", "Ana Marketer");
  git(project.dir, "config", "user.email", "ana@example.com");
  colleague = path.join(top, "colleague");
  git(top, "clone", "--quiet", remote, colleague);
  git(colleague, "config", "user.name", "Colleague");
  git(colleague, "config", "user.email", "colleague@example.com");
  forge.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname !== "127.0.0.1") print.error();
    },
  });
  forge.use(...handlers);
  for (const method of ["log", "info", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  editor = await startEditor({ projectDir: project.dir, env });
}, 60_000);
afterAll(async () => {
  await editor?.close();
  forge.close();
  vi.restoreAllMocks();
  project?.remove();
  if (top) fs.rmSync(top, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(path.join(project.dir, file), "utf8");
const write = (file: string, text: string) => fs.writeFileSync(path.join(project.dir, file), text);
const ORIGINAL = fs.readFileSync(path.join(import.meta.dirname, "..", PET), "utf8");
const edited = (edit: (page: { blocks: Record<string, unknown>[] }) => void) => {
  const page = JSON.parse(read(PET)) as { blocks: Record<string, unknown>[] };
  edit(page);
  return `${JSON.stringify(page, null, 2)}\n`;
};

async function answer(response: Response) {
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> & { error?: { code: string } } };
}
const get = async (pathname: string) => answer(await fetch(`${editor.url}${pathname}`));
const post = async (pathname: string, body: unknown) =>
  answer(
    await fetch(`${editor.url}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: editor.url, "x-editor-token": editor.token },
      body: JSON.stringify(body),
    }),
  );
const refusalOf = (status: number, code: string, message: string) => ({
  status,
  body: expect.objectContaining({ error: expect.objectContaining({ code, message }) }) as unknown,
});
const remoteTip = (branch: string) => git(remote, "rev-parse", branch).trim();

describe("the editor's server: changes, publishing and history against real git and a scripted GitHub", () => {
  it("lists the content changes with their addresses and changed fields, and the other files apart", async () => {
    write(
      PET,
      edited((page) => {
        page.blocks[0].heading = "Care for every pet";
        ((page.blocks[2].items as Record<string, unknown>[])[1] as { impact: string }).impact = "Same-day answers";
      }),
    );
    write("site-config/.env", "SECRET=1\n");
    expect(await get("/api/changes")).toEqual({
      status: 200,
      body: {
        base: "origin/main",
        changes: [
          {
            file: PET,
            kind: "changed",
            path: "/industries/pet-insurance",
            fields: ["Industry hero › Heading", "Use-case cards › Item 2 › Impact"],
          },
        ],
        notContent: ["site-config/.env"],
      },
    });
  });

  it("gives a page's base version, and refuses a file that is not content", async () => {
    expect(await get(`/api/changes/base?file=${encodeURIComponent(PET)}`)).toEqual({
      status: 200,
      body: { file: PET, text: ORIGINAL },
    });
    expect(await get("/api/changes/base?file=package.json")).toEqual(
      refusalOf(400, "EDIT_GIT_NOT_CONTENT", messageOf(editorGitErrors.notContent, { files: ["package.json"] })),
    );
  });

  it("gives an image's base version as its type and bytes, and nothing for a new one", async () => {
    const POSTER = "public/media/demo-poster.jpg";
    const NEW = "public/media/team-photo.png";
    const original = fs.readFileSync(path.join(project.dir, POSTER));
    fs.writeFileSync(path.join(project.dir, POSTER), Buffer.from("a new poster"));
    fs.writeFileSync(path.join(project.dir, NEW), Buffer.from("a new photo"));
    try {
      expect(await get(`/api/changes/base?file=${encodeURIComponent(POSTER)}`)).toEqual({
        status: 200,
        body: { file: POSTER, type: "image/jpeg", data: original.toString("base64") },
      });
      expect(await get(`/api/changes/base?file=${encodeURIComponent(NEW)}`)).toEqual({
        status: 200,
        body: { file: NEW, type: "image/png", data: null },
      });
    } finally {
      fs.writeFileSync(path.join(project.dir, POSTER), original);
      fs.rmSync(path.join(project.dir, NEW));
    }
  });

  it("refuses a publish from another site or without this run's key, and pushes nothing", async () => {
    for (const [headers, code] of [
      [{ origin: "http://evil.example", "x-editor-token": editor.token }, "EDIT_FOREIGN_ORIGIN"],
      [{ origin: editor.url, "x-editor-token": "guess" }, "EDIT_BAD_TOKEN"],
    ] as const) {
      const response = await fetch(`${editor.url}/api/publish`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ summary: "Foreign" }),
      });
      const { status, body } = await answer(response);
      expect({ status, code: body.error?.code }).toEqual({ status: 403, code });
    }
    expect(git(remote, "branch", "--list", "edit/*")).toBe("");
  });

  it("refuses a publish without a summary, in the catalogue's words", async () => {
    expect(await post("/api/publish", { summary: "  " })).toEqual(
      refusalOf(400, "EDIT_GIT_NO_SUMMARY", messageOf(editorGitErrors.noSummary)),
    );
  });

  it("publishes: pushes the branch and opens a pull request listing the changed pages with their addresses", async () => {
    const { status, body } = await post("/api/publish", { summary: "Pet insurance heading" });
    expect(status).toBe(200);
    const commit = remoteTip("edit/pet-insurance-heading");
    expect(body).toEqual({
      branch: "edit/pet-insurance-heading",
      commit,
      base: "origin/main",
      created: true,
      compareUrl: "https://github.example.test/voxa/site/compare/main...edit/pet-insurance-heading?expand=1",
      request: { number: 7, url: PULL.html_url, state: "open" },
    });
    expect(git(remote, "show", "--name-only", "--format=%an <%ae> %s", commit).trim()).toBe(
      `Ana Marketer <ana@example.com> Pet insurance heading\n\n${PET}`,
    );
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `GET ${PULLS}?head=voxa%3Aedit%2Fpet-insurance-heading&state=open`,
      `POST ${PULLS}`,
    ]);
    expect(seen[1]).toEqual({
      method: "POST",
      url: PULLS,
      auth: `token ${TOKEN}`,
      body: {
        head: "edit/pet-insurance-heading",
        base: "main",
        title: "Pet insurance heading",
        body: `Changes published from the page editor:\n\n- \`/industries/pet-insurance\` (changed: \`${PET}\`)`,
      },
    });
  });

  it("publishing again adds a commit to the same branch and opens no second request", async () => {
    const first = remoteTip("edit/pet-insurance-heading");
    seen.length = 0;
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Care for every pet, every day")),
    );
    const { status, body } = await post("/api/publish", { summary: "Heading, longer" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ branch: "edit/pet-insurance-heading", created: false, request: { number: 7 } });
    expect(git(remote, "rev-parse", "edit/pet-insurance-heading^").trim()).toBe(first);
    expect(seen.filter(({ method }) => method === "POST")).toEqual([]);
  });

  it("lists the published branch with its request's state from GitHub", async () => {
    expect(await get("/api/published")).toEqual({
      status: 200,
      body: {
        published: [
          {
            branch: "edit/pet-insurance-heading",
            commit: remoteTip("edit/pet-insurance-heading"),
            state: "open",
            request: { number: 7, url: PULL.html_url, state: "open" },
          },
        ],
      },
    });
  });

  it("a refused token: EDIT_FORGE_TOKEN_REFUSED, with the branch pushed all the same", async () => {
    refuse = true;
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Care for every pet, always")),
    );
    const { status, body } = await post("/api/publish", { summary: "Heading again" });
    refuse = false;
    expect({ status, error: body.error }).toEqual({
      status: 502,
      error: {
        code: "EDIT_FORGE_TOKEN_REFUSED",
        title: editorForgeErrors.tokenRefused.title,
        message: messageOf(editorForgeErrors.tokenRefused, { forge: "GitHub" }),
        hint: editorForgeErrors.tokenRefused.hint,
      },
    });
    expect(body).toMatchObject({
      branch: "edit/pet-insurance-heading",
      commit: remoteTip("edit/pet-insurance-heading"),
    });
    expect(git(remote, "show", "edit/pet-insurance-heading:" + PET)).toBe(read(PET));
  });

  it("a push rejected (someone moved the branch meanwhile): EDIT_GIT_PUSH_REJECTED, files and git status unchanged", async () => {
    const hook = path.join(project.dir, ".git/hooks/pre-push");
    fs.writeFileSync(
      hook,
      `#!/bin/sh\ncd "${colleague}" && git fetch -q origin edit/pet-insurance-heading && git switch -q -c moved FETCH_HEAD && echo x > NOTES.md && git add NOTES.md && git commit -qm moved && git push -q origin HEAD:edit/pet-insurance-heading\n`,
      { mode: 0o755 },
    );
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Care, rejected")),
    );
    const status = git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all");
    const text = read(PET);
    expect(await post("/api/publish", { summary: "Rejected" })).toEqual(
      refusalOf(
        409,
        "EDIT_GIT_PUSH_REJECTED",
        messageOf(editorGitErrors.pushRejected, { branch: "edit/pet-insurance-heading" }),
      ),
    );
    fs.rmSync(hook);
    expect(git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all")).toBe(status);
    expect(read(PET)).toBe(text);
  });

  it("once merged, the published branch reads as merged (from git), and Get latest brings the site", async () => {
    git(remote, "update-ref", "refs/heads/main", remoteTip("edit/pet-insurance-heading"));
    write(PET, git(remote, "show", `main:${PET}`));
    seen.length = 0;
    const published = await get("/api/published");
    expect(published.body.published).toMatchObject([{ branch: "edit/pet-insurance-heading", state: "merged" }]);
    expect(seen).toEqual([]);
    expect(await post("/api/get-latest", {})).toEqual({
      status: 200,
      body: { updated: true, files: ["NOTES.md", PET] },
    });
    expect(await get("/api/published")).toEqual({ status: 200, body: { published: [] } });
    expect((await get("/api/changes")).body.changes).toEqual([]);
  });

  it("discards one file back to the base version", async () => {
    const base = read(PET);
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Not kept")),
    );
    expect(await post("/api/changes/discard", { file: PET })).toEqual({
      status: 200,
      body: { file: PET, discarded: "changed" },
    });
    expect(read(PET)).toBe(base);
    expect(await post("/api/changes/discard", { file: "../package.json" })).toEqual(
      refusalOf(400, "EDIT_GIT_NOT_CONTENT", messageOf(editorGitErrors.notContent, { files: ["../package.json"] })),
    );
  });

  it("gives a page's history and any version of it; an unknown version is refused", async () => {
    const { body } = await get(`/api/history?file=${encodeURIComponent(PET)}`);
    const versions = body.versions as { commit: string; summary: string; author: string }[];
    expect(versions.map(({ summary, author }) => `${summary} (${author})`)).toEqual([
      "Heading again (Ana Marketer)",
      "Heading, longer (Ana Marketer)",
      "Pet insurance heading (Ana Marketer)",
      "The site (Ana Marketer)",
    ]);
    const oldest = versions[3].commit;
    expect(await get(`/api/history/version?file=${encodeURIComponent(PET)}&commit=${oldest}`)).toEqual({
      status: 200,
      body: { file: PET, commit: oldest, text: ORIGINAL },
    });
    expect(await get(`/api/history/version?file=${encodeURIComponent(PET)}&commit=${"0".repeat(40)}`)).toEqual(
      refusalOf(404, "EDIT_GIT_UNKNOWN_VERSION", messageOf(editorGitErrors.unknownVersion)),
    );
  });

  it("asks who publishes once; without a token answers GitHub's compare page, on an unknown host a git command", async () => {
    git(project.dir, "config", "--unset", "user.name");
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Care without a token")),
    );
    expect(await post("/api/publish", { summary: "No token" })).toEqual(
      refusalOf(409, "EDIT_GIT_NO_IDENTITY", messageOf(editorGitErrors.noIdentity)),
    );
    expect(
      await post("/api/publish", { summary: "No token", identity: { name: "Ana", email: "not an address" } }),
    ).toEqual(refusalOf(400, "EDIT_GIT_BAD_IDENTITY", messageOf(editorGitErrors.badIdentity)));
    delete env.GITHUB_TOKEN;
    seen.length = 0;
    const { status, body } = await post("/api/publish", {
      summary: "No token",
      identity: { name: "Ana Marketer", email: "ana@example.com" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      branch: "edit/no-token",
      commit: remoteTip("edit/no-token"),
      base: "origin/main",
      created: true,
      compareUrl: "https://github.example.test/voxa/site/compare/main...edit/no-token?expand=1",
    });
    expect(seen).toEqual([]);
    expect(git(project.dir, "config", "user.name").trim()).toBe("Ana Marketer");
    git(project.dir, "remote", "set-url", "origin", remote);
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Care on our own server")),
    );
    expect((await post("/api/publish", { summary: "Own server" })).body).toMatchObject({
      branch: "edit/no-token",
      command: "git request-pull origin/main origin edit/no-token",
    });
    expect(await get("/api/published")).toEqual({
      status: 200,
      body: { published: [{ branch: "edit/no-token", commit: remoteTip("edit/no-token"), state: "open" }] },
    });
  });

  it("on a developer's own branch, publishing, discarding and Get latest wait for their choice, kept for the run", async () => {
    const onMain = { branch: "main", base: "origin/main", onBase: true, choice: null };
    expect(await get("/api/branch")).toEqual({ status: 200, body: onMain });
    git(project.dir, "switch", "--quiet", "-c", "feature/pricing");
    const status = git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all");
    const head = git(project.dir, "rev-parse", "HEAD");
    const feature = { branch: "feature/pricing", base: "origin/main", onBase: false };
    expect(await get("/api/branch")).toEqual({ status: 200, body: { ...feature, choice: null } });
    const off = refusalOf(
      409,
      "EDIT_GIT_PUBLISHING_OFF",
      messageOf(editorGitErrors.publishingOff, { branch: "feature/pricing", base: "origin/main" }),
    );
    expect(await post("/api/get-latest", {})).toEqual(off);
    expect(await post("/api/changes/discard", { file: PET })).toEqual(off);
    expect(await post("/api/publish", { summary: "From my branch" })).toEqual(off);
    expect(await post("/api/branch/choice", { choice: "maybe" })).toEqual(
      refusalOf(400, "EDIT_GIT_BAD_CHOICE", messageOf(editorGitErrors.badChoice)),
    );
    expect(await post("/api/branch/choice", { choice: "files" })).toEqual({
      status: 200,
      body: { ...feature, choice: "files" },
    });
    expect(await post("/api/get-latest", {})).toEqual(off);
    expect(git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all")).toBe(status);
    expect(git(project.dir, "rev-parse", "HEAD")).toBe(head);

    expect(await post("/api/branch/choice", { choice: "publish" })).toEqual({
      status: 200,
      body: { ...feature, choice: "publish" },
    });
    expect(await get("/api/branch")).toEqual({ status: 200, body: { ...feature, choice: "publish" } });
    // Past the choice, publishing's own checks answer.
    expect(await post("/api/publish", { summary: " " })).toEqual(
      refusalOf(400, "EDIT_GIT_NO_SUMMARY", messageOf(editorGitErrors.noSummary)),
    );
    // Another branch asks again; a branch of another name that tracks the base is the base.
    git(project.dir, "switch", "--quiet", "-c", "feature/other");
    expect((await get("/api/branch")).body).toMatchObject({ branch: "feature/other", choice: null });
    git(project.dir, "switch", "--quiet", "-c", "production", "--track", "origin/main");
    expect((await get("/api/branch")).body).toEqual({ ...onMain, branch: "production" });
    git(project.dir, "switch", "--quiet", "main");
  });

  it("a change in review while a colleague's change to the page is merged: changes, Get latest and Publish agree", async () => {
    env.GITHUB_TOKEN = TOKEN;
    git(project.dir, "remote", "set-url", "origin", "https://github.example.test/voxa/site.git");
    git(project.dir, "config", "--unset", "voxa-editor.branch");
    write(
      PET,
      edited((page) => void (page.blocks[0].heading = "Care, in review")),
    );
    const { body } = await post("/api/publish", { summary: "Heading in review" });
    expect(body).toMatchObject({ branch: "edit/heading-in-review", request: { number: 7 } });
    git(colleague, "fetch", "--quiet", "origin");
    git(colleague, "switch", "--quiet", "--force", "-C", "main", "origin/main");
    const theirs = JSON.parse(fs.readFileSync(path.join(colleague, PET), "utf8")) as { title: string };
    theirs.title = "Pet insurance, by a colleague";
    fs.writeFileSync(path.join(colleague, PET), `${JSON.stringify(theirs, null, 2)}\n`);
    git(colleague, "commit", "--quiet", "-am", "Colleague's title");
    git(colleague, "push", "--quiet", "origin", "main");
    const status = git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all");
    const text = read(PET);

    const inReview = refusalOf(
      409,
      "EDIT_GIT_IN_REVIEW",
      messageOf(editorGitErrors.inReview, { files: [PET], branch: "edit/heading-in-review" }),
    );
    expect((await get("/api/changes")).body).toMatchObject({
      changes: [{ file: PET, kind: "changed" }],
      inReview: { branch: "edit/heading-in-review", files: [PET] },
    });
    expect(await post("/api/get-latest", {})).toEqual(inReview);
    expect(await post("/api/publish", { summary: "Again" })).toEqual(inReview);
    expect(git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all")).toBe(status);
    expect(read(PET)).toBe(text);

    // Closed on the forge without merging, the request holds nothing in review: the change is the marketer's again.
    opened = false;
    const closed = (await get("/api/changes")).body;
    expect(closed).toMatchObject({ changes: [{ file: PET, kind: "changed" }] });
    expect(closed.inReview).toBeUndefined();
    opened = true;

    // The reviewer merges the request: both changes are in the page now.
    git(colleague, "fetch", "--quiet", "origin");
    git(colleague, "merge", "--quiet", "--no-edit", "origin/edit/heading-in-review");
    git(colleague, "push", "--quiet", "origin", "main");
    expect(await post("/api/publish", { summary: "Again" })).toEqual(
      refusalOf(409, "EDIT_GIT_ALREADY_MERGED", messageOf(editorGitErrors.alreadyMerged, { files: [PET] })),
    );
    const changes = (await get("/api/changes")).body;
    expect(changes).toMatchObject({ changes: [{ file: PET }], merged: [PET] });
    expect(changes.inReview).toBeUndefined();
    expect(await post("/api/get-latest", {})).toEqual({ status: 200, body: { updated: true, files: [PET] } });
    const merged = JSON.parse(read(PET)) as { title: string; blocks: { heading: string }[] };
    expect([merged.title, merged.blocks[0].heading]).toEqual(["Pet insurance, by a colleague", "Care, in review"]);
    const after = (await get("/api/changes")).body;
    expect([after.changes, after.inReview, after.merged]).toEqual([[], undefined, undefined]);
  });

  it("Get latest merges a page changed here and by a colleague field by field, asking only about a field both changed", async () => {
    const colleagueCommits = (edit: (page: { title: string; blocks: Record<string, unknown>[] }) => void) => {
      git(colleague, "fetch", "--quiet", "origin");
      git(colleague, "switch", "--quiet", "--force", "-C", "main", "origin/main");
      const page = JSON.parse(fs.readFileSync(path.join(colleague, PET), "utf8")) as {
        title: string;
        blocks: Record<string, unknown>[];
      };
      edit(page);
      fs.writeFileSync(path.join(colleague, PET), `${JSON.stringify(page, null, 2)}\n`);
      git(colleague, "commit", "--quiet", "-am", "Colleague's change");
      git(colleague, "push", "--quiet", "origin", "main");
    };
    type Page = { title: string; blocks: { heading: string; badge: string }[] };
    const page = () => JSON.parse(read(PET)) as Page;

    colleagueCommits((theirs) => void (theirs.title = "Pet insurance, answered by a colleague"));
    write(
      PET,
      edited((mine) => void (mine.blocks[0].badge = "Pets, mine")),
    );
    expect(await post("/api/get-latest", {})).toEqual({
      status: 200,
      body: { updated: true, files: [PET], merged: [PET] },
    });
    expect([page().title, page().blocks[0].badge]).toEqual(["Pet insurance, answered by a colleague", "Pets, mine"]);

    colleagueCommits((theirs) => void (theirs.blocks[0].heading = "Their heading"));
    const heading = (JSON.parse(git(project.dir, "show", `HEAD:${PET}`)) as Page).blocks[0].heading;
    write(
      PET,
      edited((mine) => void (mine.blocks[0].heading = "My heading")),
    );
    const status = git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all");
    const text = read(PET);
    const asked = editorGitErrors.latestConflicts;
    expect(await post("/api/get-latest", {})).toEqual({
      status: 409,
      body: {
        error: {
          code: asked.code,
          title: asked.title,
          message: messageOf(asked, { files: [PET] }),
          hint: asked.hint,
        },
        conflicts: [
          {
            file: PET,
            conflicts: [
              {
                path: "/blocks/0/heading",
                field: "Industry hero › Heading",
                base: heading,
                theirs: "Their heading",
                mine: "My heading",
              },
            ],
          },
        ],
      },
    });
    expect(await post("/api/get-latest", { choices: { [PET]: { "/blocks/0/heading": "both" } } })).toEqual(
      refusalOf(400, "EDIT_BAD_CHOICES", editorErrors.badChoices.message),
    );
    expect(git(project.dir, "status", "--porcelain=v2", "--branch", "--untracked-files=all")).toBe(status);
    expect(read(PET)).toBe(text);

    expect(await post("/api/get-latest", { choices: { [PET]: { "/blocks/0/heading": "mine" } } })).toEqual({
      status: 200,
      body: { updated: true, files: [PET], merged: [PET] },
    });
    expect([page().blocks[0].heading, page().blocks[0].badge]).toEqual(["My heading", "Pets, mine"]);
    git(project.dir, "checkout", "--quiet", "--", PET);
  });

  it("never shows the forge's token: in no answer and no log line", () => {
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((text) => text.includes(TOKEN))).toEqual([]);
    expect(logged.filter((line) => line.includes(TOKEN))).toEqual([]);
  });
});
