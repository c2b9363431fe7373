// @vitest-environment node
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { editorForgeErrors, messageOf } from "../../contract/errors.ts";
import { detectForge, parseRemote } from "./detect.ts";
import { requestBody } from "./forge.ts";

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
