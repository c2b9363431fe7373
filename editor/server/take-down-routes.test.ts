// @vitest-environment node
import { execFileSync } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER, TAKE_DOWN_PATH } from "../protocol.ts";
import { type AnyEntry, editorScheduleErrors, messageOf } from "../../contract/errors.ts";
import type { Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { teamEditorOnOneCopy, tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";

/**
 * POST /api/schedules/take-down, GitHub's API scripted: a publisher schedules live pages to come down (each leading to
 * the page named, or its nearest page above) or a merged request's change (or one scheduled to go live before then),
 * audited; the refusals in the catalogue's words: a page not on the base, a redirect to no page that stays, neither or
 * both of pages and a request, a request not merged, a second take-down of one change, a time past.
 */

const API = "https://github.example.test/api/v3";
const REPO = `${API}/repos/voxa/site`;
const PUBLIC_URL = new URL("https://edit.company.com");
const NOW = Date.parse("2026-11-28T09:00:00Z");
const pull = (number: number, state: "open" | "merged") => ({
  number,
  html_url: `https://github.example.test/voxa/site/pull/${number}`,
  state: state === "open" ? "open" : "closed",
  merged_at: state === "merged" ? "2026-11-20T09:00:00Z" : null,
  title: `Request ${number}`,
  body: "Asked for by Bob Smith <bob@company.com> in the team page editor.",
  head: { ref: `edit/request-${number}`, sha: `s${number}` },
});
const PULLS: Record<number, ReturnType<typeof pull>> = { 5: pull(5, "merged"), 7: pull(7, "open"), 9: pull(9, "open") };

const forge = setupServer(
  http.get(`${REPO}/pulls/:number`, ({ params }) => {
    const found = PULLS[Number(params.number)];
    return found ? HttpResponse.json(found) : HttpResponse.json({ message: "Not Found" }, { status: 404 });
  }),
  http.get(`${REPO}/pulls`, () => HttpResponse.json([PULLS[7], PULLS[9]])),
  http.get(`${REPO}/commits/:sha/status`, () => HttpResponse.json({ state: "success", total_count: 0, statuses: [] })),
  http.get(`${REPO}/commits/:sha/check-runs`, () => HttpResponse.json({ total_count: 0, check_runs: [] })),
);

let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let store: TeamStore;
const clock = testClock(NOW);

async function call(role: Role, url: string, body: Record<string, unknown>) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const email = role === "publisher" ? "pat@company.com" : `${role}@company.com`;
  const id = await keeper.start(email, role, "Pat Publisher");
  const csrf = (await keeper.resume(id))!.csrfToken;
  const response = await app.inject({
    method: "POST",
    url,
    headers: {
      host: PUBLIC_URL.host,
      origin: PUBLIC_URL.origin,
      cookie: `__Host-editor-session=${id}`,
      [EDITOR_TOKEN_HEADER]: csrf,
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const refusal = (entry: AnyEntry, message: string) => ({
  status: entry.status,
  body: { error: { code: entry.code, title: entry.title, message, hint: entry.hint } },
});

const AUTO = "site-config/pages/industries/auto-insurance.json";
const PET_DE = "site-config/locales/de-DE/pages/industries/pet-insurance.json";
const WHEN = { localTime: "2026-12-31T23:59", timeZone: "Europe/Berlin" };

beforeAll(async () => {
  project = copyProject();
  // The person's copy: a checkout whose base (origin/main) is its one commit; nothing is fetched.
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: project.dir,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "Dev",
        GIT_AUTHOR_EMAIL: "dev@x",
        GIT_COMMITTER_NAME: "Dev",
        GIT_COMMITTER_EMAIL: "dev@x",
      },
    });
  git("init", "--quiet");
  git("add", "site-config");
  git("commit", "--quiet", "-m", "The site");
  git("update-ref", "refs/remotes/origin/main", "HEAD");
  git("remote", "add", "origin", "https://github.example.test/voxa/site.git");
  forge.listen({ onUnhandledRequest: "error" });
  ({ store } = tempStore());
  ({ app } = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL, {
    env: { GITHUB_API_URL: API, GITHUB_TOKEN: "service-token", PATH: "" },
    team: { scheduler: { wake: () => undefined } },
  }));
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  forge.close();
  project?.remove();
});

describe("scheduling a take-down", () => {
  it("takes live pages down at a time, each leading to the page named or the nearest one above, audited", async () => {
    const answer = await call("publisher", TAKE_DOWN_PATH, { pages: { [AUTO]: "/contact", [PET_DE]: "" }, ...WHEN });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        kind: "take-down",
        takeDown: {
          pages: [
            {
              file: AUTO,
              path: "/industries/auto-insurance",
              title: "AI agents for motor insurance",
              redirectTo: "/contact",
            },
            { file: PET_DE, path: "/de/branchen/tierversicherung", redirectTo: "/de" },
          ],
        },
        ...WHEN,
        at: Date.parse("2026-12-31T22:59:00Z"),
        state: "waiting",
      },
    });
    expect(answer.body).not.toHaveProperty("request");
    const id = answer.body.id;
    const audit = (await store.queryAudit({ person: "pat@company.com" })).map(({ action, detail }) => ({
      action,
      detail,
    }));
    expect(audit).toEqual([
      { action: "schedule", detail: { schedule: id, kind: "take-down", pages: `${AUTO}, ${PET_DE}`, ...WHEN } },
    ]);
  });

  it("takes down a merged request's change, or one going live before then, once", async () => {
    const merged = await call("publisher", TAKE_DOWN_PATH, { number: 5, redirectTo: "/contact", ...WHEN });
    expect(merged).toMatchObject({
      status: 200,
      body: { kind: "take-down", takeDown: { pages: [], change: { number: 5, redirectTo: "/contact" } } },
    });
    const { alreadyTakenDown, notMerged } = editorScheduleErrors;
    expect(await call("publisher", TAKE_DOWN_PATH, { number: 5, ...WHEN })).toEqual(
      refusal(alreadyTakenDown, messageOf(alreadyTakenDown, { number: 5, time: "2026-12-31 23:59 (Europe/Berlin)" })),
    );
    expect(await call("publisher", TAKE_DOWN_PATH, { number: 9, ...WHEN })).toEqual(
      refusal(notMerged, messageOf(notMerged, { number: 9 })),
    );
    // Request 7 goes live on 14 December: its take-down may follow, not precede it.
    expect(
      (
        await call("publisher", "/api/schedules", {
          number: 7,
          localTime: "2026-12-14T09:00",
          timeZone: "Europe/Berlin",
        })
      ).status,
    ).toBe(200);
    expect(
      await call("publisher", TAKE_DOWN_PATH, { number: 7, localTime: "2026-12-01T09:00", timeZone: "Europe/Berlin" }),
    ).toEqual(refusal(notMerged, messageOf(notMerged, { number: 7 })));
    expect(await call("publisher", TAKE_DOWN_PATH, { number: 7, ...WHEN })).toMatchObject({
      status: 200,
      body: { takeDown: { pages: [], change: { number: 7, title: "Request 7" } } },
    });
  });

  it("refuses a page not on the base, a redirect to no page that stays, neither or both, a time past, a viewer", async () => {
    const { pageNotLive, redirectNotAPage, takeDownWhat, past } = editorScheduleErrors;
    const ghost = "site-config/pages/ghost.json";
    expect(await call("publisher", TAKE_DOWN_PATH, { pages: { [ghost]: "" }, ...WHEN })).toEqual(
      refusal(pageNotLive, messageOf(pageNotLive, { file: ghost })),
    );
    expect(await call("publisher", TAKE_DOWN_PATH, { pages: { [AUTO]: "/nowhere" }, ...WHEN })).toEqual(
      refusal(redirectNotAPage, messageOf(redirectNotAPage, { address: "/nowhere" })),
    );
    // A page coming down is no target.
    const both = { [AUTO]: "/industries", "site-config/pages/industries.json": "" };
    expect(await call("publisher", TAKE_DOWN_PATH, { pages: both, ...WHEN })).toEqual(
      refusal(redirectNotAPage, messageOf(redirectNotAPage, { address: "/industries" })),
    );
    expect(await call("publisher", TAKE_DOWN_PATH, { ...WHEN })).toEqual(refusal(takeDownWhat, takeDownWhat.message));
    expect(await call("publisher", TAKE_DOWN_PATH, { pages: { [AUTO]: "" }, number: 5, ...WHEN })).toEqual(
      refusal(takeDownWhat, takeDownWhat.message),
    );
    expect(await call("publisher", TAKE_DOWN_PATH, { pages: {}, ...WHEN })).toEqual(
      refusal(takeDownWhat, takeDownWhat.message),
    );
    expect(
      await call("publisher", TAKE_DOWN_PATH, {
        pages: { [AUTO]: "" },
        localTime: "2026-11-28T09:59",
        timeZone: "Europe/Berlin",
      }),
    ).toEqual(refusal(past, messageOf(past, { time: "2026-11-28 09:59 (Europe/Berlin)" })));
    expect((await call("author", TAKE_DOWN_PATH, { pages: { [AUTO]: "" }, ...WHEN })).status).toBe(403);
    expect((await call("publisher", TAKE_DOWN_PATH, { pages: { [AUTO]: "javascript:x" }, ...WHEN })).status).toBe(400);
  });
});
