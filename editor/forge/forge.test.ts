// @vitest-environment node
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { editorForgeErrors, editorReviewErrors, messageOf } from "../../contract/errors.ts";
import { detectForge } from "./detect.ts";
import { parseRemote } from "./forge-site.ts";
import { requestBody } from "./forge.ts";
import { reviewForgeAt } from "./of-repository.ts";

const GITHUB = "https://github.example.test/api/v3";
const GITLAB = "https://gitlab.example.test/api/v4";
const server = setupServer();
const seen: { method: string; url: string; auth: string | null; body: unknown }[] = [];
server.events.on("request:start", async ({ request }) => {
  const text = await request.clone().text();
  seen.push({
    method: request.method,
    url: request.url,
    auth: request.headers.get("authorization") ?? request.headers.get("private-token"),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  });
});
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const body = requestBody([{ file: "site-config/pages/about.json", path: "/about", kind: "changed" }]);
const request = { head: "edit/about-text", base: "main", title: "About text", body };

const refusalOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
  );

describe("forges: where a remote lives", () => {
  it("reads https, scp-like and ssh remote addresses", () => {
    expect(parseRemote("https://github.com/voxa/site.git")).toEqual({ host: "github.com", path: "voxa/site" });
    expect(parseRemote("git@gitlab.com:voxa/web/site.git")).toEqual({ host: "gitlab.com", path: "voxa/web/site" });
    expect(parseRemote("ssh://git@github.com/voxa/site")).toEqual({ host: "github.com", path: "voxa/site" });
    expect(parseRemote("/srv/git/site.git")).toBeUndefined();
  });

  it("knows neither a bare path nor an unknown host, and without a token gives the page that opens the request", async () => {
    expect(await detectForge("/srv/git/site.git", {})).toBeUndefined();
    expect(await detectForge("https://git.example.org/voxa/site.git", {})).toBeUndefined();
    const choice = await detectForge("git@github.com:voxa/site.git", { PATH: "" });
    expect(choice?.forge).toBeUndefined();
    expect(choice?.compareUrl("edit/about-text", "main")).toBe(
      "https://github.com/voxa/site/compare/main...edit/about-text?expand=1",
    );
    const lab = await detectForge("https://gitlab.com/voxa/site.git", { PATH: "" });
    expect(lab?.compareUrl("edit/x", "main")).toBe(
      "https://gitlab.com/voxa/site/-/merge_requests/new?merge_request[source_branch]=edit%2Fx&merge_request[target_branch]=main",
    );
  });
});

describe("forges: GitHub's pull requests (scripted API)", () => {
  const remote = "https://github.example.test/voxa/site.git";
  const env = { GITHUB_API_URL: GITHUB, GITHUB_TOKEN: "secret-token" };

  it("opens a pull request with the branch as head, the base, the summary as title and the pages as body", async () => {
    server.use(
      http.post(`${GITHUB}/repos/voxa/site/pulls`, () =>
        HttpResponse.json(
          { number: 7, html_url: "https://github.example.test/voxa/site/pull/7", state: "open" },
          { status: 201 },
        ),
      ),
    );
    const { forge } = (await detectForge(remote, env))!;
    expect(await forge!.open(request)).toEqual({
      number: 7,
      url: "https://github.example.test/voxa/site/pull/7",
      state: "open",
    });
    expect(seen).toEqual([
      {
        method: "POST",
        url: `${GITHUB}/repos/voxa/site/pulls`,
        auth: "token secret-token",
        body: { head: "edit/about-text", base: "main", title: "About text", body },
      },
    ]);
    expect(body).toBe(
      "Changes published from the page editor:\n\n- `/about` (changed: `site-config/pages/about.json`)",
    );
  });

  it("finds the open request of a branch, and reads a request's state (merged, closed)", async () => {
    server.use(
      http.get(`${GITHUB}/repos/voxa/site/pulls`, ({ request: sent }) =>
        HttpResponse.json(
          new URL(sent.url).searchParams.get("head") === "voxa:edit/about-text"
            ? [{ number: 7, html_url: "u7", state: "open" }]
            : [],
        ),
      ),
      http.get(`${GITHUB}/repos/voxa/site/pulls/7`, () =>
        HttpResponse.json({ number: 7, html_url: "u7", state: "closed", merged_at: "2026-01-01T00:00:00Z" }),
      ),
      http.get(`${GITHUB}/repos/voxa/site/pulls/8`, () =>
        HttpResponse.json({ number: 8, html_url: "u8", state: "closed", merged_at: null }),
      ),
    );
    const { forge } = (await detectForge(remote, env))!;
    expect(await forge!.findOpen("edit/about-text")).toEqual({ number: 7, url: "u7", state: "open" });
    expect(new URL(seen[0].url).searchParams.get("state")).toBe("open");
    expect(await forge!.findOpen("edit/other")).toBeUndefined();
    expect((await forge!.state(7)).state).toBe("merged");
    expect((await forge!.state(8)).state).toBe("closed");
  });

  it("says the token was refused, or lacks permission, in the catalogue's words", async () => {
    server.use(
      http.post(`${GITHUB}/repos/voxa/site/pulls`, () =>
        HttpResponse.json({ message: "Bad credentials" }, { status: 401 }),
      ),
    );
    const { forge } = (await detectForge(remote, env))!;
    expect(await refusalOf(forge!.open(request))).toEqual({
      code: "EDIT_FORGE_TOKEN_REFUSED",
      message: messageOf(editorForgeErrors.tokenRefused, { forge: "GitHub" }),
    });
    server.use(
      http.post(`${GITHUB}/repos/voxa/site/pulls`, () => HttpResponse.json({ message: "Forbidden" }, { status: 403 })),
    );
    expect(await refusalOf(forge!.open(request))).toMatchObject({ code: "EDIT_FORGE_NO_PERMISSION" });
    server.use(http.post(`${GITHUB}/repos/voxa/site/pulls`, () => HttpResponse.error()));
    expect(await refusalOf(forge!.open(request))).toMatchObject({ code: "EDIT_FORGE_UNREACHABLE" });
  });
});

describe("forges: GitLab's merge requests (scripted API)", () => {
  const remote = "git@gitlab.example.test:voxa/web/site.git";
  const env = { CI_API_V4_URL: GITLAB, GITLAB_TOKEN: "secret-token" };
  const project = `${GITLAB}/projects/voxa%2Fweb%2Fsite`;

  it("opens a merge request from the branch into the base, with the summary and the pages", async () => {
    server.use(
      http.post(`${project}/merge_requests`, () =>
        HttpResponse.json({
          iid: 3,
          web_url: "https://gitlab.example.test/voxa/web/site/-/merge_requests/3",
          state: "opened",
        }),
      ),
    );
    const { forge } = (await detectForge(remote, env))!;
    expect(await forge!.open(request)).toEqual({
      number: 3,
      url: "https://gitlab.example.test/voxa/web/site/-/merge_requests/3",
      state: "open",
    });
    expect(seen).toEqual([
      {
        method: "POST",
        url: `${project}/merge_requests`,
        auth: "secret-token",
        body: { source_branch: "edit/about-text", target_branch: "main", title: "About text", description: body },
      },
    ]);
  });

  it("finds the open merge request of a branch and reads states", async () => {
    server.use(
      http.get(`${project}/merge_requests`, ({ request: sent }) => {
        const query = new URL(sent.url).searchParams;
        return HttpResponse.json(
          query.get("state") === "opened" && query.get("source_branch") === "edit/about-text"
            ? [{ iid: 3, web_url: "u3", state: "opened" }]
            : [],
        );
      }),
      http.get(`${project}/merge_requests/3`, () => HttpResponse.json({ iid: 3, web_url: "u3", state: "merged" })),
    );
    const { forge } = (await detectForge(remote, env))!;
    expect(await forge!.findOpen("edit/about-text")).toEqual({ number: 3, url: "u3", state: "open" });
    expect(await forge!.findOpen("edit/other")).toBeUndefined();
    expect((await forge!.state(3)).state).toBe("merged");
  });

  it("says the token was refused", async () => {
    server.use(
      http.post(`${project}/merge_requests`, () => HttpResponse.json({ message: "401 Unauthorized" }, { status: 401 })),
    );
    const { forge } = (await detectForge(remote, env))!;
    expect(await refusalOf(forge!.open(request))).toEqual({
      code: "EDIT_FORGE_TOKEN_REFUSED",
      message: messageOf(editorForgeErrors.tokenRefused, { forge: "GitLab" }),
    });
  });
});

describe("forges: a publisher's review of the open requests (scripted APIs)", () => {
  const ASKED = `${body}\n\nAsked for by Bob Smith <bob.smith@company.com> in the team page editor.`;

  it("lists GitHub's open pull requests into the base with who asked and their checks, merges one, and comments on one", async () => {
    const env = { GITHUB_API_URL: GITHUB, GITHUB_TOKEN: "secret-token" };
    const pulls = [
      {
        number: 7,
        html_url: "u7",
        state: "open",
        title: "About text",
        body: ASKED,
        head: { ref: "edit/a", sha: "s7" },
      },
      { number: 8, html_url: "u8", state: "open", title: "By hand", body: "Mine", head: { ref: "fix", sha: "s8" } },
      { number: 9, html_url: "u9", state: "open", title: "Typo", body: "", head: { ref: "typo", sha: "s9" } },
    ];
    const run = (name: string, conclusion: string | null, status = "completed") => ({
      name,
      status,
      conclusion,
      html_url: `https://github.example.test/voxa/site/runs/${name}`,
    });
    server.use(
      http.get(`${GITHUB}/repos/voxa/site/pulls`, () => HttpResponse.json(pulls)),
      // A status posted by an outside CI, and GitHub Actions' jobs as check runs.
      http.get(`${GITHUB}/repos/voxa/site/commits/s7/status`, () =>
        HttpResponse.json({ state: "success", total_count: 1, statuses: [{ context: "ci/site", state: "success" }] }),
      ),
      http.get(`${GITHUB}/repos/voxa/site/commits/s7/check-runs`, () =>
        HttpResponse.json({ total_count: 2, check_runs: [run("lint", "success"), run("e2e", "skipped")] }),
      ),
      http.get(`${GITHUB}/repos/voxa/site/commits/s8/status`, () =>
        HttpResponse.json({
          state: "failure",
          total_count: 2,
          statuses: [
            { context: "ci/site", state: "success", target_url: "https://ci.example.test/1" },
            { context: "ci/budgets", state: "failure", target_url: "https://ci.example.test/2" },
          ],
        }),
      ),
      http.get(`${GITHUB}/repos/voxa/site/commits/s8/check-runs`, () =>
        HttpResponse.json({
          total_count: 3,
          check_runs: [run("lint", "failure"), run("unit", "success"), run("e2e", null, "in_progress")],
        }),
      ),
      http.get(`${GITHUB}/repos/voxa/site/commits/s9/status`, () =>
        HttpResponse.json({ state: "pending", total_count: 0, statuses: [] }),
      ),
      http.get(`${GITHUB}/repos/voxa/site/commits/s9/check-runs`, () =>
        HttpResponse.json({ total_count: 0, check_runs: [] }),
      ),
      http.put(`${GITHUB}/repos/voxa/site/pulls/7/merge`, () => HttpResponse.json({ merged: true })),
      http.post(`${GITHUB}/repos/voxa/site/issues/8/comments`, () => HttpResponse.json({ id: 1 }, { status: 201 })),
    );
    const { forge } = (await detectForge("https://github.example.test/voxa/site.git", env))!;
    expect(await forge!.listOpen("main")).toEqual([
      {
        number: 7,
        url: "u7",
        state: "open",
        title: "About text",
        branch: "edit/a",
        askedBy: { name: "Bob Smith", email: "bob.smith@company.com" },
        checks: "passing",
      },
      // A failing check is named, with its page: one word would not say which to look at.
      {
        number: 8,
        url: "u8",
        state: "open",
        title: "By hand",
        branch: "fix",
        checks: "failing",
        failed: [
          { name: "ci/budgets", url: "https://ci.example.test/2" },
          { name: "lint", url: "https://github.example.test/voxa/site/runs/lint" },
        ],
      },
      { number: 9, url: "u9", state: "open", title: "Typo", branch: "typo", checks: "none" },
    ]);
    expect(new URL(seen[0]!.url).searchParams.get("base")).toBe("main");
    seen.length = 0;
    await forge!.merge(7);
    await forge!.comment(8, "Please shorten the heading.");
    expect(seen.map(({ method, url, body: sent }) => ({ method, url, sent }))).toEqual([
      { method: "PUT", url: `${GITHUB}/repos/voxa/site/pulls/7/merge`, sent: undefined },
      {
        method: "POST",
        url: `${GITHUB}/repos/voxa/site/issues/8/comments`,
        sent: { body: "Please shorten the heading." },
      },
    ]);
  });

  it("lists GitLab's open merge requests with their pipelines, merges one, and comments on one", async () => {
    const env = { CI_API_V4_URL: GITLAB, GITLAB_TOKEN: "secret-token" };
    const project = `${GITLAB}/projects/voxa%2Fsite`;
    server.use(
      http.get(`${project}/merge_requests`, () => HttpResponse.json([{ iid: 3 }])),
      http.get(`${project}/merge_requests/3`, () =>
        HttpResponse.json({
          iid: 3,
          web_url: "w3",
          state: "opened",
          title: "About text",
          description: ASKED,
          source_branch: "edit/a",
          head_pipeline: { id: 41, status: "failed", web_url: "https://gitlab.example.test/voxa/site/-/pipelines/41" },
        }),
      ),
      http.get(`${project}/pipelines/41/jobs`, ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.getAll("scope[]").join() === "failed"
            ? [{ name: "lint", web_url: "https://gitlab.example.test/voxa/site/-/jobs/7" }]
            : [],
        ),
      ),
      http.put(`${project}/merge_requests/3/merge`, () => HttpResponse.json({ state: "merged" })),
      http.post(`${project}/merge_requests/3/notes`, () => HttpResponse.json({ id: 1 }, { status: 201 })),
    );
    const { forge } = (await detectForge("https://gitlab.example.test/voxa/site.git", env))!;
    expect(await forge!.listOpen("main")).toEqual([
      {
        number: 3,
        url: "w3",
        state: "open",
        title: "About text",
        branch: "edit/a",
        askedBy: { name: "Bob Smith", email: "bob.smith@company.com" },
        checks: "failing",
        failed: [{ name: "lint", url: "https://gitlab.example.test/voxa/site/-/jobs/7" }],
      },
    ]);
    expect(new URL(seen[0]!.url).searchParams.get("target_branch")).toBe("main");
    seen.length = 0;
    await forge!.merge(3);
    await forge!.comment(3, "Please shorten the heading.");
    expect(seen.map(({ method, url, body: sent }) => ({ method, url, sent }))).toEqual([
      { method: "PUT", url: `${project}/merge_requests/3/merge`, sent: {} },
      { method: "POST", url: `${project}/merge_requests/3/notes`, sent: { body: "Please shorten the heading." } },
    ]);
  });
});

describe("forges: the requests merged into the base, for a publisher to take down (scripted APIs)", () => {
  const ASKED = `${body}\n\nAsked for by Bob Smith <bob.smith@company.com> in the team page editor.`;

  it("lists GitHub's merged pull requests into the base, the latest merged first, leaving out those closed unmerged", async () => {
    const env = { GITHUB_API_URL: GITHUB, GITHUB_TOKEN: "secret-token" };
    const closed = (number: number, mergedAt: string | null, title: string, text = "") => ({
      number,
      html_url: `u${number}`,
      state: "closed",
      title,
      body: text,
      merged_at: mergedAt,
      merge_commit_sha: mergedAt ? `m${number}` : null,
      head: { ref: `edit/${number}`, sha: `s${number}` },
    });
    server.use(
      http.get(`${GITHUB}/repos/voxa/site/pulls`, () =>
        // Sorted by their last update, which is not the order they were merged in.
        HttpResponse.json([
          closed(4, "2026-11-02T10:00:00Z", "Autumn offer"),
          closed(6, null, "Abandoned idea"),
          closed(5, "2026-11-20T09:00:00Z", "Winter campaign", ASKED),
        ]),
      ),
    );
    const { forge } = (await detectForge("https://github.example.test/voxa/site.git", env))!;
    expect(await forge!.listMerged("main")).toEqual([
      {
        number: 5,
        url: "u5",
        state: "merged",
        mergeCommit: "m5",
        title: "Winter campaign",
        branch: "edit/5",
        askedBy: { name: "Bob Smith", email: "bob.smith@company.com" },
        mergedAt: Date.parse("2026-11-20T09:00:00Z"),
      },
      {
        number: 4,
        url: "u4",
        state: "merged",
        mergeCommit: "m4",
        title: "Autumn offer",
        branch: "edit/4",
        mergedAt: Date.parse("2026-11-02T10:00:00Z"),
      },
    ]);
    const query = new URL(seen[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      base: "main",
      state: "closed",
      sort: "updated",
      direction: "desc",
      per_page: "100",
    });
  });

  it("lists GitLab's merged merge requests into the base, with the commit each merge (or squash) made", async () => {
    const env = { CI_API_V4_URL: GITLAB, GITLAB_TOKEN: "secret-token" };
    const project = `${GITLAB}/projects/voxa%2Fsite`;
    server.use(
      http.get(`${project}/merge_requests`, () =>
        HttpResponse.json([
          {
            iid: 3,
            web_url: "w3",
            state: "merged",
            title: "Winter campaign",
            description: ASKED,
            source_branch: "edit/winter",
            merge_commit_sha: "m3",
            merged_at: "2026-11-20T09:00:00.000Z",
          },
          {
            iid: 2,
            web_url: "w2",
            state: "merged",
            title: "Squashed typo",
            description: null,
            source_branch: "typo",
            merge_commit_sha: null,
            squash_commit_sha: "q2",
            merged_at: "2026-11-21T09:00:00.000Z",
          },
        ]),
      ),
    );
    const { forge } = (await detectForge("https://gitlab.example.test/voxa/site.git", env))!;
    expect(await forge!.listMerged("main")).toEqual([
      {
        number: 2,
        url: "w2",
        state: "merged",
        mergeCommit: "q2",
        title: "Squashed typo",
        branch: "typo",
        mergedAt: Date.parse("2026-11-21T09:00:00Z"),
      },
      {
        number: 3,
        url: "w3",
        state: "merged",
        mergeCommit: "m3",
        title: "Winter campaign",
        branch: "edit/winter",
        askedBy: { name: "Bob Smith", email: "bob.smith@company.com" },
        mergedAt: Date.parse("2026-11-20T09:00:00Z"),
      },
    ]);
    const query = new URL(seen[0]!.url).searchParams;
    expect([query.get("state"), query.get("target_branch"), query.get("order_by")]).toEqual([
      "merged",
      "main",
      "updated_at",
    ]);
  });

  it("says a token the forge refused in a review's words, through the repository's review client", async () => {
    server.use(
      http.get(`${GITHUB}/repos/voxa/site/pulls`, () =>
        HttpResponse.json({ message: "Bad credentials" }, { status: 401 }),
      ),
    );
    const forge = await reviewForgeAt("https://github.example.test/voxa/site.git", {
      GITHUB_API_URL: GITHUB,
      GITHUB_TOKEN: "stale-token",
    });
    expect(await refusalOf(forge.listMerged("main"))).toEqual({
      code: editorReviewErrors.tokenRefused.code,
      message: messageOf(editorReviewErrors.tokenRefused, { forge: "GitHub" }),
    });
  });
});
