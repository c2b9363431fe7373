// @vitest-environment node
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERGED_REQUESTS_PATH } from "../protocol.ts";
import { type AnyEntry, editorReviewErrors, messageOf, teamAccessErrors } from "../../contract/errors.ts";
import type { Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { teamEditorOnOneCopy, tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import { checkoutOfGitHubRemote } from "../../tests/support/editor/git/test-repos.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";

/**
 * GET /api/requests/merged, on a real git remote and GitHub's API scripted: the requests merged into the base, the
 * latest first, each with what its merge changed in words (a page it changed and one it added), for a publisher to
 * take down; those closed unmerged and the editor's own take-downs are not listed; a commit the base does not hold
 * lists no change; below publisher, and with a token the forge refuses, it is refused in the catalogue's words.
 */

const API = "https://github.example.test/api/v3";
const REPO = `${API}/repos/voxa/site`;
const PUBLIC_URL = new URL("https://edit.company.com");
const PET = "site-config/pages/industries/pet-insurance.json";
const WINTER = "site-config/pages/winter-offer.json";
const ASKED =
  "Changes published from the page editor:\n\nAsked for by Bob Smith <bob@company.com> in the team page editor.";

let top: string;
let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let store: TeamStore;
let mergeCommit: string;
const clock = testClock(Date.parse("2026-11-28T09:00:00Z"));
const git = (dir: string, ...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();

const pull = (number: number, merged: string | null, ref: string, sha: string | null, title: string) => ({
  number,
  html_url: `https://github.example.test/voxa/site/pull/${number}`,
  state: "closed",
  title,
  body: ASKED,
  merged_at: merged,
  merge_commit_sha: sha,
  head: { ref, sha: `s${number}` },
});
let token = "service-token";
const forge = setupServer(
  http.get(`${REPO}/pulls`, ({ request }) => {
    if (request.headers.get("authorization") !== `token ${token}`)
      return HttpResponse.json({ message: "Bad credentials" }, { status: 401 });
    return HttpResponse.json([
      pull(8, "2026-11-25T23:00:00Z", "voxa-editor/take-down/1-abc", "f".repeat(40), "Take down /autumn"),
      pull(6, null, "edit/abandoned", null, "Abandoned idea"),
      pull(4, "2026-10-01T09:00:00Z", "edit/elsewhere", "e".repeat(40), "Merged where the base never had it"),
      pull(5, "2026-11-20T09:00:00Z", "edit/winter", mergeCommit, "Winter campaign"),
    ]);
  }),
);

async function get(role: Role) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const id = await keeper.start(`${role}@company.com`, role);
  const response = await app.inject({
    method: "GET",
    url: MERGED_REQUESTS_PATH,
    headers: { host: PUBLIC_URL.host, cookie: `__Host-editor-session=${id}` },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const refusal = (entry: AnyEntry, message: string) => ({
  status: entry.status,
  body: { error: { code: entry.code, title: entry.title, message, hint: entry.hint } },
});

beforeAll(async () => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-merged-"));
  project = copyProject();
  const remote = checkoutOfGitHubRemote(project.dir, top);
  // Bob's winter campaign, merged on the remote as GitHub's Merge button does: a new page, and a heading changed.
  const bob = path.join(top, "bob");
  git(top, "clone", "--quiet", remote, bob);
  const page = JSON.parse(fs.readFileSync(path.join(bob, PET), "utf8")) as Record<string, unknown>;
  (page.blocks as Record<string, unknown>[])[0]!.heading = "Winter cover for pets, answered at 3 a.m.";
  fs.writeFileSync(path.join(bob, PET), `${JSON.stringify(page, null, 2)}\n`);
  fs.writeFileSync(path.join(bob, WINTER), `${JSON.stringify({ ...page, path: "/winter-offer" }, null, 2)}\n`);
  const as = ["-c", "user.name=Bob", "-c", "user.email=bob@company.com"];
  git(bob, "checkout", "--quiet", "-b", "edit/winter");
  git(bob, "add", ".");
  git(bob, ...as, "commit", "--quiet", "-m", "Winter campaign");
  git(bob, "checkout", "--quiet", "main");
  git(bob, ...as, "merge", "--quiet", "--no-ff", "-m", "Merge pull request #5 from voxa/edit/winter", "edit/winter");
  git(bob, "push", "--quiet", "origin", "main");
  mergeCommit = git(bob, "rev-parse", "HEAD");

  forge.listen({ onUnhandledRequest: "error" });
  ({ store } = tempStore());
  ({ app } = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL, {
    env: { GITHUB_API_URL: API, GITHUB_TOKEN: "service-token", PATH: "" },
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

describe("the requests merged into the base, for a publisher to take down", () => {
  it("lists the merged requests, the latest first, each with what its merge changed in words", async () => {
    token = "service-token";
    const answer = await get("publisher");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      base: "origin/main",
      requests: [
        {
          number: 5,
          url: "https://github.example.test/voxa/site/pull/5",
          state: "merged",
          mergeCommit,
          title: "Winter campaign",
          branch: "edit/winter",
          askedBy: { name: "Bob Smith", email: "bob@company.com" },
          mergedAt: Date.parse("2026-11-20T09:00:00Z"),
          changes: [
            {
              file: PET,
              kind: "changed",
              path: "/industries/pet-insurance",
              fields: ["Industry hero › Heading"],
            },
            { file: WINTER, kind: "added", path: "/winter-offer", fields: [] },
          ],
        },
        // GitHub names a commit the base does not hold: listed, with no change to show.
        expect.objectContaining({ number: 4, changes: [] }) as unknown,
      ],
    });
  });

  it("is a publisher's, and says a token the forge refuses in the review's words", async () => {
    const tooLow = teamAccessErrors.roleTooLow;
    expect(await get("author")).toEqual(refusal(tooLow, "This needs the publisher role; you are author"));
    expect(await get("viewer")).toEqual(refusal(tooLow, "This needs the publisher role; you are viewer"));
    token = "another-token";
    const refused = editorReviewErrors.tokenRefused;
    expect(await get("publisher")).toEqual(refusal(refused, messageOf(refused, { forge: "GitHub" })));
  });
});
