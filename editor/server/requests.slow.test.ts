// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER } from "../protocol.ts";
import { editorReviewErrors, messageOf } from "../../contract/errors.ts";
import type { Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { tempStore } from "../../tests/support/editor/team/test-support.ts";
import { checkoutOfGitHubRemote } from "../../tests/support/editor/git/test-repos.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";
import { buildEditor } from "./app.ts";

/**
 * A publisher's review in the team editor, on a real git remote and GitHub's API scripted: the team's open requests
 * with their changes in words, who asked and their checks; merging one; sending one back with a comment; and the
 * refusals: a request they asked for themselves, one no longer open, a comment left empty, an author who tries.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
const API = "https://github.example.test/api/v3";
const REPO = `${API}/repos/voxa/site`;
const PUBLIC_URL = new URL("https://edit.company.com");
const ASKED_BY = (name: string, email: string) =>
  `Changes published from the page editor:\n\nAsked for by ${name} <${email}> in the team page editor.`;

let top: string;
let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let store: TeamStore;
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

const forge = setupServer();
const sent: { method: string; url: string; body: unknown }[] = [];
forge.events.on("request:start", async ({ request }) => {
  const text = await request.clone().text();
  sent.push({ method: request.method, url: request.url, body: text ? (JSON.parse(text) as unknown) : undefined });
});
const PULLS = [
  {
    number: 7,
    html_url: "https://github.example.test/voxa/site/pull/7",
    state: "open",
    title: "Pet insurance heading",
    body: ASKED_BY("Bob Smith", "bob.smith@company.com"),
    head: { ref: "edit/pet-insurance-heading", sha: "s7" },
  },
  {
    number: 8,
    html_url: "https://github.example.test/voxa/site/pull/8",
    state: "open",
    title: "My own change",
    body: ASKED_BY("Pat Publisher", "pat@company.com"),
    head: { ref: "edit/pet-insurance-heading", sha: "s8" },
  },
];

async function session(role: Role) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, Date.now);
  const email = role === "publisher" ? "pat@company.com" : `${role}@company.com`;
  const id = await keeper.start(email, role);
  const person = await keeper.resume(id);
  return { cookie: `__Host-editor-session=${id}`, csrf: person!.csrfToken };
}

async function call(role: Role, method: "GET" | "POST", url: string, body?: unknown, to = app) {
  const { cookie, csrf } = await session(role);
  const response = await to.inject({
    method,
    url,
    headers: { host: PUBLIC_URL.host, origin: PUBLIC_URL.origin, cookie, [EDITOR_TOKEN_HEADER]: csrf },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-review-"));
  project = copyProject();
  const remote = checkoutOfGitHubRemote(project.dir, top);
  // Bob's request: the pet insurance page's hero heading, on a branch of its own on the remote.
  const bob = path.join(top, "bob");
  git(top, "clone", "--quiet", remote, bob);
  const page = JSON.parse(fs.readFileSync(path.join(bob, PET), "utf8")) as { blocks: Record<string, unknown>[] };
  page.blocks[0]!.heading = "Pet insurance claims, answered at 3 a.m.";
  fs.writeFileSync(path.join(bob, PET), `${JSON.stringify(page, null, 2)}\n`);
  git(bob, "checkout", "--quiet", "-b", "edit/pet-insurance-heading");
  git(bob, "-c", "user.name=Bob", "-c", "user.email=bob@company.com", "commit", "--quiet", "-am", "Heading");
  git(bob, "push", "--quiet", "origin", "edit/pet-insurance-heading");

  forge.listen({ onUnhandledRequest: "error" });
  forge.use(
    http.get(`${REPO}/pulls`, () => HttpResponse.json(PULLS)),
    http.get(`${REPO}/commits/s7/status`, () => HttpResponse.json({ state: "success", total_count: 1 })),
    http.get(`${REPO}/commits/s8/status`, () => HttpResponse.json({ state: "failure", total_count: 1 })),
    http.get(`${REPO}/commits/s7/check-runs`, () => HttpResponse.json({ total_count: 0, check_runs: [] })),
    http.get(`${REPO}/commits/s8/check-runs`, () =>
      HttpResponse.json({
        total_count: 1,
        check_runs: [{ name: "lint", status: "completed", conclusion: "failure", html_url: `${API}/runs/lint` }],
      }),
    ),
    http.put(`${REPO}/pulls/7/merge`, () => HttpResponse.json({ merged: true })),
    http.post(`${REPO}/issues/7/comments`, () => HttpResponse.json({ id: 1 }, { status: 201 })),
  );
  ({ store } = tempStore());
  ({ app } = await buildEditor({
    projectDir: project.dir,
    env: { GITHUB_API_URL: API, GITHUB_TOKEN: "service-token", PATH: "" },
    team: {
      publicUrl: PUBLIC_URL,
      secureCookies: true,
      store,
      people: () => ({ people: {}, domains: {} }),
      workspaces: { folderOf: async () => project.dir, keep: async () => undefined },
    },
  }));
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  forge.close();
  project?.remove();
  if (top) fs.rmSync(top, { recursive: true, force: true });
});

describe("a publisher's review of the team's open requests", () => {
  it("gives a page of a request as it was where the request started and on its branch, and no other file", async () => {
    const compared = await call("publisher", "GET", `/api/requests/version?number=7&file=${encodeURIComponent(PET)}`);
    expect(compared.status).toBe(200);
    const [before, after] = [compared.body.before, compared.body.after].map(
      (text) => (JSON.parse(text as string) as { blocks: { heading?: string }[] }).blocks[0]!.heading,
    );
    expect(after).toBe("Pet insurance claims, answered at 3 a.m.");
    expect(before).not.toBe(after);
    const other = "site-config/pages/about.json";
    const refusal = await call("publisher", "GET", `/api/requests/version?number=7&file=${encodeURIComponent(other)}`);
    expect(refusal.status).toBe(404);
    expect(refusal.body).toMatchObject({
      error: {
        code: "EDIT_REVIEW_NOT_IN_REQUEST",
        message: messageOf(editorReviewErrors.notInRequest, { number: 7, file: other }),
      },
    });
    expect((await call("author", "GET", `/api/requests/version?number=7&file=${encodeURIComponent(PET)}`)).status).toBe(
      403,
    );
  });

  it("lists each open request with its changes in words, who asked and its checks", async () => {
    const listed = await call("publisher", "GET", "/api/requests");
    expect(listed.status).toBe(200);
    const [bobs, own] = listed.body.requests as Record<string, unknown>[];
    expect(bobs).toEqual({
      number: 7,
      url: "https://github.example.test/voxa/site/pull/7",
      state: "open",
      title: "Pet insurance heading",
      branch: "edit/pet-insurance-heading",
      askedBy: { name: "Bob Smith", email: "bob.smith@company.com" },
      checks: "passing",
      changes: [{ file: PET, kind: "changed", path: "/industries/pet-insurance", fields: expect.any(Array) }],
    });
    expect(((bobs!.changes as { fields: string[] }[])[0]!.fields as string[]).length).toBeGreaterThan(0);
    expect(own).toMatchObject({ number: 8, checks: "failing", askedBy: { email: "pat@company.com" } });
    // Each failed check by name, with its page: the combined status's word, and GitHub Actions' job.
    expect(own!.failed).toEqual([{ name: "status" }, { name: "lint", url: `${API}/runs/lint` }]);
  });

  it("merges another person's request through the forge, and refuses their own", async () => {
    sent.length = 0;
    const merged = await call("publisher", "POST", "/api/requests/merge", { number: 7 });
    expect(merged).toEqual({
      status: 200,
      body: {
        code: "EDIT_REVIEW_MERGED",
        message: "Request 7, “Pet insurance heading”, is merged: the site goes live with it.",
      },
    });
    expect(sent.filter(({ method }) => method === "PUT").map(({ url }) => url)).toEqual([`${REPO}/pulls/7/merge`]);
    const logged = await store.queryAudit({ person: "pat@company.com" });
    expect(logged.map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: "merge", detail: { request: 7 } },
    ]);

    sent.length = 0;
    const own = await call("publisher", "POST", "/api/requests/merge", { number: 8 });
    expect(own).toEqual({
      status: 403,
      body: {
        error: {
          code: "EDIT_REVIEW_OWN_REQUEST",
          title: "Your own request",
          message: "You asked for this request, so another publisher approves and merges it.",
          hint: "Ask another publisher; an admin may allow publishers to merge their own (EDIT_TEAM_MERGE_OWN=1).",
        },
      },
    });
    expect(sent.filter(({ method }) => method === "PUT")).toEqual([]);
  });

  it("sends a request back with a comment, and refuses an empty comment or a request that is not open", async () => {
    sent.length = 0;
    const back = await call("publisher", "POST", "/api/requests/send-back", {
      number: 7,
      comment: "Please keep the heading under 40 characters.",
    });
    expect(back.body).toEqual({
      code: "EDIT_REVIEW_SENT_BACK",
      message: "Request 7 is sent back with your comment; it stays open for its author.",
    });
    expect(sent.find(({ method }) => method === "POST")).toEqual({
      method: "POST",
      url: `${REPO}/issues/7/comments`,
      body: { body: "Please keep the heading under 40 characters." },
    });
    expect(await call("publisher", "POST", "/api/requests/send-back", { number: 7, comment: " " })).toMatchObject({
      status: 400,
      body: { error: { code: "EDIT_REVIEW_NO_COMMENT" } },
    });
    expect(await call("publisher", "POST", "/api/requests/merge", { number: 41 })).toMatchObject({
      status: 409,
      body: { error: { code: "EDIT_REVIEW_NOT_OPEN", message: expect.stringContaining("Request 41 is not open") } },
    });
  });

  it("refuses an author whatever they send: the list, a merge, a send-back", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/requests", undefined],
      ["POST", "/api/requests/merge", { number: 7 }],
      ["POST", "/api/requests/send-back", { number: 7, comment: "x" }],
    ] as const) {
      const answer = await call("author", method, url, body);
      expect({ url, status: answer.status, code: (answer.body.error as { code: string }).code }).toEqual({
        url,
        status: 403,
        code: "TEAM_ROLE_TOO_LOW",
      });
    }
  });
});

describe("a publisher's review that cannot go through the forge says which part is missing", () => {
  /** The team editor on `dir`, a copy whose origin is the site's repository, with `env` as its environment. */
  const reviewOn = async (dir: string, env: NodeJS.ProcessEnv) => {
    const { app: other } = await buildEditor({
      projectDir: dir,
      env: { PATH: "", ...env },
      team: {
        publicUrl: PUBLIC_URL,
        secureCookies: true,
        store,
        people: () => ({ people: {}, domains: {} }),
        workspaces: { folderOf: async () => dir, keep: async () => undefined },
      },
    });
    try {
      return await call("publisher", "GET", "/api/requests", undefined, other);
    } finally {
      await other.close();
    }
  };

  it("no forge in the address (shown), no token, or the token refused", async () => {
    // A copy cloned from the bare repository's path: no forge in its address, whatever token the editor has.
    const plain = path.join(top, "plain");
    git(top, "clone", "--quiet", "--no-checkout", path.join(top, "site.git"), plain);
    git(plain, "checkout", "--quiet", "main");
    expect(await reviewOn(plain, { GITHUB_TOKEN: "service-token" })).toEqual({
      status: 409,
      body: {
        error: {
          code: "EDIT_REVIEW_NO_FORGE",
          title: "No forge for the site's repository",
          message: messageOf(editorReviewErrors.noForge, { address: path.join(top, "site.git") }),
          hint: editorReviewErrors.noForge.hint,
        },
      },
    });
    expect(await reviewOn(project.dir, { GITHUB_API_URL: API })).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "EDIT_REVIEW_NO_TOKEN",
          message:
            "The editor has no token for GitHub (voxa/site), so it cannot list, merge or comment on review requests.",
        },
      },
    });
    const refusing = "https://github.example.test/refusing/api/v3";
    forge.use(
      http.get(`${refusing}/repos/voxa/site/pulls`, () =>
        HttpResponse.json({ message: "Bad credentials" }, { status: 401 }),
      ),
    );
    expect(await reviewOn(project.dir, { GITHUB_API_URL: refusing, GITHUB_TOKEN: "expired" })).toMatchObject({
      status: 502,
      body: {
        error: {
          code: "EDIT_REVIEW_TOKEN_REFUSED",
          message: "GitHub refused the editor's token, so it cannot list, merge or comment on review requests.",
        },
      },
    });
  });
});
