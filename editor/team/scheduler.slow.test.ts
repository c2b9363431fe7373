// @vitest-environment node
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messageOf, scheduleRunErrors } from "../../contract/errors.ts";
import { manualTime } from "../../tests/support/editor/team/manual-timers.ts";
import { scriptedGitHub } from "../../tests/support/editor/team/scripted-github.ts";
import { tempStore } from "../../tests/support/editor/team/test-support.ts";
import type { ScheduleFailure, TeamNotices } from "./notices.ts";
import { type Scheduler, createScheduler } from "./scheduler.ts";
import { zonedMoment } from "./schedule-time.ts";
import type { TeamStore } from "./store.ts";

/**
 * The scheduler on a clock the test moves, against a real bare remote and GitHub's API scripted with msw: it merges a
 * request at its minute and not before, runs a schedule missed while no instance ran at once (saying how late), and
 * fails without touching main when the forge refuses (a conflict), when the request's checks fail, when it was closed
 * or when the forge cannot be reached; a request merged meanwhile (a run taken over) is done without a second merge.
 */

const site = scriptedGitHub();
const forge = setupServer(...site.handlers);
const PAT = { name: "Pat Publisher", email: "pat@example.com" };
const START = Date.parse("2026-12-14T06:00:00Z");
const MINUTE = 60_000;

let store: TeamStore;
let scheduler: Scheduler | undefined;
const failures: ScheduleFailure[] = [];
const notices = { scheduleFailed: (notice: ScheduleFailure) => void failures.push(notice) } as unknown as TeamNotices;

beforeAll(() => forge.listen({ onUnhandledRequest: "error" }));
afterAll(() => {
  forge.close();
  site.remove();
});
afterEach(async () => {
  await scheduler?.stop();
  await store?.close();
  failures.length = 0;
  site.setReachable(true);
});

/** A scheduler on a fresh store, its clock at `start`. */
function schedulerAt(start: number) {
  ({ store } = tempStore());
  const time = manualTime(start, () => scheduler!.idle());
  const lines: string[] = [];
  scheduler = createScheduler({
    store,
    now: time.now,
    timers: time.timers,
    instance: "instance-a",
    forge: async () => site.forge(),
    notices,
    log: { info: (_fields, line) => void lines.push(line), warn: (_fields, line) => void lines.push(line) },
  });
  return { time, lines, scheduler };
}

/** Pat schedules request `number` (open on the scripted forge) for `localTime` in Berlin. */
async function schedule(number: number, localTime: string) {
  const moment = zonedMoment(localTime, "Europe/Berlin");
  if (moment.kind !== "moment") throw new Error(`no moment: ${localTime}`);
  const request = site.requests.get(number)!;
  return (await store.addSchedule({
    kind: "publish",
    request: { number, title: request.title },
    requestUrl: `https://github.example.test/voxa/site/pull/${number}`,
    baseBranch: "main",
    author: request.author,
    localTime,
    timeZone: "Europe/Berlin",
    at: moment.at,
    scheduledBy: PAT,
    createdAt: START,
  }))!;
}

describe("the scheduler", () => {
  it("merges a request at its minute and not before, once, and records the run", async () => {
    const { time, scheduler } = schedulerAt(START);
    site.addRequest(7, "About us, at nine");
    const waiting = await schedule(7, "2026-12-14T09:00");
    expect(waiting.at).toBe(Date.parse("2026-12-14T08:00:00Z"));
    const before = site.mainOf();
    scheduler.start();
    await scheduler.idle();
    // It sleeps at most 30 s at a time, to see schedules other instances add.
    expect(time.sleeps()).toEqual([30_000]);
    await time.moveTo(waiting.at - 1);
    expect(site.merges).toEqual([]);
    expect((await store.findSchedule(waiting.id))?.state).toBe("waiting");
    await time.moveTo(waiting.at + MINUTE);
    expect(site.merges).toEqual([7]);
    expect(site.git(site.remote, "log", "-1", "--format=%s", "main").trim()).toBe("Merge pull request #7");
    expect(site.git(site.remote, "rev-parse", "main^1").trim()).toBe(before);
    const ran = await store.findSchedule(waiting.id);
    expect(ran).toMatchObject({ state: "done", ranAt: waiting.at, lateByMs: 0 });
    expect(ran).not.toHaveProperty("failure");
    const audited = await store.queryAudit({ person: PAT.email });
    expect(audited.map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: "schedule-run", detail: { schedule: waiting.id, request: 7, lateByMs: 0 } },
    ]);
    expect(failures).toEqual([]);
  });

  it("runs a schedule missed while no instance ran as soon as it starts, saying how late", async () => {
    const { lines, scheduler } = schedulerAt(START);
    site.addRequest(8, "About us, missed");
    const missed = await schedule(8, "2026-12-14T05:00");
    scheduler.start();
    await scheduler.idle();
    expect(site.merges.at(-1)).toBe(8);
    expect(await store.findSchedule(missed.id)).toMatchObject({ state: "done", lateByMs: START - missed.at });
    expect(lines).toContain(`schedule ${missed.id} of request 8 ran: done, 120 min late`);
  });

  it("fails a conflicting request without touching main, tells the publisher and the author why, and leaves it", async () => {
    const { time, scheduler } = schedulerAt(START);
    // Both change the same line of the same main: once 9 is merged, 10 conflicts with it.
    site.addRequest(9, "About us, first");
    site.addRequest(10, "About us, second");
    const first = await schedule(9, "2026-12-14T07:30");
    const second = await schedule(10, "2026-12-14T07:45");
    scheduler.start();
    await scheduler.idle();
    await time.moveTo(first.at);
    expect((await store.findSchedule(first.id))?.state).toBe("done");
    const main = site.mainOf();
    await time.moveTo(second.at);
    expect(site.merges.slice(-2)).toEqual([9, 10]);
    expect(site.mainOf()).toBe(main);
    const reason = messageOf(scheduleRunErrors.notMergeable, { number: 10, forge: "GitHub" });
    expect(await store.findSchedule(second.id)).toMatchObject({
      state: "failed",
      ranAt: second.at,
      lateByMs: 0,
      failure: { code: "EDIT_SCHEDULE_NOT_MERGEABLE", message: reason },
    });
    expect((await store.queryAudit({})).map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: "schedule-run", detail: { schedule: first.id, request: 9, lateByMs: 0 } },
      {
        action: "schedule-failed",
        detail: { schedule: second.id, request: 10, lateByMs: 0, reason: "EDIT_SCHEDULE_NOT_MERGEABLE" },
      },
    ]);
    expect(failures).toEqual([
      {
        scheduledBy: PAT,
        author: { name: "Bob Smith", email: "bob@example.com" },
        request: { number: 10, title: "About us, second", url: "https://github.example.test/voxa/site/pull/10" },
        time: "2026-12-14 07:45 (Europe/Berlin)",
        reason,
      },
    ]);
    // Only a person retries it: the scheduler leaves it failed.
    await time.moveTo(second.at + 10 * MINUTE);
    expect(site.merges.slice(-2)).toEqual([9, 10]);
  });

  it("fails a request whose checks fail, or that was closed, or when the forge cannot be reached, merging nothing", async () => {
    const { scheduler } = schedulerAt(START);
    site.addRequest(11, "About us, red", { checks: "failure" });
    site.addRequest(12, "About us, closed", { state: "closed" });
    site.addRequest(13, "About us, offline");
    const [red, closed, offline] = [
      await schedule(11, "2026-12-14T06:50"),
      await schedule(12, "2026-12-14T06:51"),
      await schedule(13, "2026-12-14T06:52"),
    ];
    const merged = site.merges.length;
    const main = site.mainOf();
    // Offline from 13's turn on: the first two are run while it answers.
    const original = store.claimDueSchedule.bind(store);
    store.claimDueSchedule = async (claim) => {
      const claimed = await original(claim);
      site.setReachable(claimed?.request?.number !== 13);
      return claimed;
    };
    await scheduler.runDue();
    expect(site.merges.length).toBe(merged);
    expect(site.mainOf()).toBe(main);
    const failureOf = async (id: number) => (await store.findSchedule(id))?.failure;
    expect(await failureOf(red.id)).toEqual({
      code: "EDIT_SCHEDULE_CHECKS_FAILING",
      message: messageOf(scheduleRunErrors.checksFailing, { number: 11, checks: "ci/build" }),
    });
    expect(await failureOf(closed.id)).toEqual({
      code: "EDIT_SCHEDULE_REQUEST_CLOSED",
      message: messageOf(scheduleRunErrors.closed, { number: 12 }),
    });
    expect(await failureOf(offline.id)).toEqual({
      code: "EDIT_SCHEDULE_FORGE_UNREACHABLE",
      message: messageOf(scheduleRunErrors.forgeUnreachable, { number: 13, forge: "GitHub" }),
    });
    expect(failures.map(({ request }) => request.number)).toEqual([11, 12, 13]);
  });

  it("counts a request merged meanwhile (by a run it took over) as done, without merging it again", async () => {
    const { scheduler } = schedulerAt(START);
    site.addRequest(14, "About us, taken over", { state: "merged" });
    const taken = await schedule(14, "2026-12-14T06:55");
    await scheduler.runDue();
    expect(site.merges).not.toContain(14);
    expect(await store.findSchedule(taken.id)).toMatchObject({ state: "done" });
  });
});
