// @vitest-environment node
import { execFileSync } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EDITOR_TOKEN_HEADER, type Schedule } from "../protocol.ts";
import { type AnyEntry, editorReviewErrors, editorScheduleErrors, messageOf } from "../../contract/errors.ts";
import type { Role } from "../team/roles.ts";
import { DEFAULT_LIMITS, sessionKeeper } from "../team/sessions.ts";
import type { TeamStore } from "../team/store.ts";
import { teamEditorOnOneCopy, tempStore, testClock } from "../../tests/support/editor/team/test-support.ts";
import { copyProject } from "../../tests/support/editor/test-project.ts";

/**
 * Scheduled publishing's routes in the team editor, GitHub's API scripted: a publisher schedules another person's open
 * request at a wall-clock time in a zone, changes, cancels and retries it, each write audited with the schedule; the
 * refusals in the catalogue's words (a request not open or their own, an unknown zone, a minute the clocks skip, a time
 * past or more than a year ahead, a request already scheduled, a schedule not in the state the change needs).
 */

const API = "https://github.example.test/api/v3";
const REPO = `${API}/repos/voxa/site`;
const PUBLIC_URL = new URL("https://edit.company.com");
const NOW = Date.parse("2026-11-28T09:00:00Z");
const pull = (number: number, title: string, name: string, email: string) => ({
  number,
  html_url: `https://github.example.test/voxa/site/pull/${number}`,
  state: "open",
  title,
  body: `Changes published from the page editor:\n\nAsked for by ${name} <${email}> in the team page editor.`,
  head: { ref: `edit/request-${number}`, sha: `s${number}` },
});

const forge = setupServer(
  http.get(`${REPO}/pulls`, () =>
    HttpResponse.json([
      pull(7, "Pet insurance heading", "Bob Smith", "bob@company.com"),
      pull(8, "My own change", "Pat Publisher", "pat@company.com"),
    ]),
  ),
  http.get(`${REPO}/commits/:sha/status`, () => HttpResponse.json({ state: "success", total_count: 0, statuses: [] })),
  http.get(`${REPO}/commits/:sha/check-runs`, () => HttpResponse.json({ total_count: 0, check_runs: [] })),
);

let project: ReturnType<typeof copyProject>;
let app: FastifyInstance;
let store: TeamStore;
let wakes = 0;
const clock = testClock(NOW);

async function call(role: Role, method: "GET" | "POST", url: string, body?: Record<string, unknown>) {
  const keeper = sessionKeeper(store, DEFAULT_LIMITS, clock.now);
  const email = role === "publisher" ? "pat@company.com" : `${role}@company.com`;
  const id = await keeper.start(email, role, "Pat Publisher");
  const csrf = (await keeper.resume(id))!.csrfToken;
  const response = await app.inject({
    method,
    url,
    headers: {
      host: PUBLIC_URL.host,
      origin: PUBLIC_URL.origin,
      cookie: `__Host-editor-session=${id}`,
      [EDITOR_TOKEN_HEADER]: csrf,
    },
    ...(body && { payload: body }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const refusal = (entry: AnyEntry, message: string) => ({
  status: entry.status,
  body: { error: { code: entry.code, title: entry.title, message, hint: entry.hint } },
});

const audited = async () =>
  (await store.queryAudit({ person: "pat@company.com" }))
    .filter(({ action }) => action.startsWith("schedule"))
    .map(({ action, detail }) => ({ action, detail }));

beforeAll(async () => {
  project = copyProject();
  // The person's copy: a checkout whose remote is the site's repository on GitHub (nothing is fetched from it).
  execFileSync("git", ["init", "--quiet"], { cwd: project.dir });
  execFileSync("git", ["remote", "add", "origin", "https://github.example.test/voxa/site.git"], { cwd: project.dir });
  forge.listen({ onUnhandledRequest: "error" });
  ({ store } = tempStore());
  ({ app } = await teamEditorOnOneCopy(project.dir, store, clock.now, PUBLIC_URL, {
    env: { GITHUB_API_URL: API, GITHUB_TOKEN: "service-token", PATH: "" },
    team: { scheduler: { wake: () => void (wakes += 1) } },
  }));
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  forge.close();
  project?.remove();
});

describe("scheduled publishing's routes", () => {
  let scheduled: Schedule;

  it("schedules another person's open request at a wall-clock time in a zone, in UTC, audited", async () => {
    const answer = await call("publisher", "POST", "/api/schedules", {
      number: 7,
      localTime: "2026-12-14T09:00",
      timeZone: "Europe/Berlin",
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        kind: "publish",
        request: { number: 7, title: "Pet insurance heading" },
        localTime: "2026-12-14T09:00",
        timeZone: "Europe/Berlin",
        at: Date.parse("2026-12-14T08:00:00Z"),
        state: "waiting",
        scheduledBy: { name: "Pat Publisher", email: "pat@company.com" },
        createdAt: NOW,
        updatedAt: NOW,
      },
    });
    scheduled = answer.body as unknown as Schedule;
    expect(wakes).toBe(1);
    expect(await audited()).toEqual([
      {
        action: "schedule",
        detail: { request: 7, schedule: scheduled.id, localTime: "2026-12-14T09:00", timeZone: "Europe/Berlin" },
      },
    ]);
    // Anyone signed in reads the calendar.
    expect(await call("viewer", "GET", "/api/schedules")).toEqual({ status: 200, body: { schedules: [scheduled] } });
  });

  it("refuses a request not open, one's own, a time that does not exist, has passed or is too far, and a second schedule", async () => {
    const ask = (number: number, localTime: string, timeZone = "Europe/Berlin") =>
      call("publisher", "POST", "/api/schedules", { number, localTime, timeZone });
    const { already, unknownZone, notATime, skippedTime, past, tooFar } = editorScheduleErrors;
    expect(await ask(7, "2026-12-15T09:00")).toEqual(
      refusal(already, messageOf(already, { number: 7, time: "2026-12-14 09:00 (Europe/Berlin)" })),
    );
    const own = editorReviewErrors.ownRequest;
    expect(await ask(8, "2026-12-15T09:00")).toEqual(refusal(own, own.message));
    const notOpen = editorReviewErrors.notOpen;
    expect(await ask(99, "2026-12-15T09:00")).toEqual(refusal(notOpen, messageOf(notOpen, { number: 99 })));
    expect(await ask(9, "2026-12-15T09:00", "Europe/Atlantis")).toEqual(
      refusal(unknownZone, messageOf(unknownZone, { zone: "Europe/Atlantis" })),
    );
    expect(await ask(9, "2027-02-30T09:00")).toEqual(
      refusal(notATime, messageOf(notATime, { localTime: "2027-02-30T09:00" })),
    );
    expect(await ask(9, "2027-03-28T02:30")).toEqual(
      refusal(skippedTime, messageOf(skippedTime, { time: "2027-03-28 02:30 (Europe/Berlin)" })),
    );
    expect(await ask(9, "2026-11-28T09:59")).toEqual(
      refusal(past, messageOf(past, { time: "2026-11-28 09:59 (Europe/Berlin)" })),
    );
    expect(await ask(9, "2028-01-01T09:00")).toEqual(
      refusal(tooFar, messageOf(tooFar, { time: "2028-01-01 09:00 (Europe/Berlin)" })),
    );
    expect(await audited()).toHaveLength(1);
  });

  it("changes and cancels a waiting schedule only, and retries a failed one only, each audited", async () => {
    const { id } = scheduled;
    const changed = await call("publisher", "POST", "/api/schedules/change", {
      id,
      localTime: "2027-03-29T09:00",
      timeZone: "Europe/Berlin",
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { id, localTime: "2027-03-29T09:00", at: Date.parse("2027-03-29T07:00:00Z"), state: "waiting" },
    });
    expect((await call("publisher", "POST", "/api/schedules/cancel", { id })).body).toMatchObject({
      state: "cancelled",
    });
    const { notWaiting, notFailed, notFound } = editorScheduleErrors;
    expect(await call("publisher", "POST", "/api/schedules/cancel", { id })).toEqual(
      refusal(notWaiting, messageOf(notWaiting, { id, state: "cancelled" })),
    );
    expect(
      await call("publisher", "POST", "/api/schedules/retry", {
        id,
        localTime: "2027-03-29T10:00",
        timeZone: "Europe/Berlin",
      }),
    ).toEqual(refusal(notFailed, messageOf(notFailed, { id, state: "cancelled" })));
    expect(await call("publisher", "POST", "/api/schedules/cancel", { id: 4242 })).toEqual(
      refusal(notFound, messageOf(notFound, { id: 4242 })),
    );

    // Scheduled again, then failed at its time (a conflict): a publisher retries it at a new time.
    const again = await call("publisher", "POST", "/api/schedules", {
      number: 7,
      localTime: "2026-12-01T09:00",
      timeZone: "America/New_York",
    });
    const retryId = (again.body as unknown as Schedule).id;
    const due = Date.parse("2026-12-01T14:00:00Z");
    await store.claimDueSchedule({ now: due, by: "instance", until: due + 300_000 });
    const failure = { code: "EDIT_SCHEDULE_NOT_MERGEABLE", message: "GitHub refused to merge request 7." };
    await store.finishSchedule(retryId, "instance", { state: "failed", ranAt: due, lateByMs: 0, failure });
    const retried = await call("publisher", "POST", "/api/schedules/retry", {
      id: retryId,
      localTime: "2026-12-02T09:00",
      timeZone: "America/New_York",
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: retryId, state: "waiting", at: Date.parse("2026-12-02T14:00:00Z") });
    expect(retried.body).not.toHaveProperty("failure");
    expect((await audited()).slice(1)).toEqual([
      {
        action: "schedule-change",
        detail: { schedule: id, request: 7, localTime: "2027-03-29T09:00", timeZone: "Europe/Berlin" },
      },
      { action: "schedule-cancel", detail: { schedule: id, request: 7 } },
      {
        action: "schedule",
        detail: { request: 7, schedule: retryId, localTime: "2026-12-01T09:00", timeZone: "America/New_York" },
      },
      {
        action: "schedule-retry",
        detail: { schedule: retryId, request: 7, localTime: "2026-12-02T09:00", timeZone: "America/New_York" },
      },
    ]);
    expect(wakes).toBe(5);
  });
});
