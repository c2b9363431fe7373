// @vitest-environment node
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import prettier from "prettier";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messageOf, scheduleRunErrors } from "../../contract/errors.ts";
import { formatJsonFile } from "../../toolchain/format-json.ts";
import { ROOT } from "../../toolchain/paths.ts";
import { API, scriptedGitHub } from "../../tests/support/editor/team/scripted-github.ts";
import { tempStore } from "../../tests/support/editor/team/test-support.ts";
import type { TakeDown } from "../protocol.ts";
import { headerOf, startSmtpServer } from "../../tests/support/smtp-server.ts";
import { type ScheduleFailure, type TeamNotices, teamNotices } from "./notices.ts";
import { createScheduler } from "./scheduler.ts";
import { zonedMoment } from "./schedule-time.ts";
import type { TeamStore } from "./store.ts";
import { REDIRECTS_FILE, takeDownRepository } from "./take-down.ts";

/**
 * Take-downs run by the scheduler against a real bare remote and GitHub's API scripted with msw, on a clock the test
 * sets: at its minute a live page (and its translation) leaves main with its redirects added to redirects.json, the
 * other entries kept and one that led to it led on; a merged request's change is undone (its changed files as before
 * it, its added page removed and redirected); a file changed on main since fails it with main untouched and the
 * publisher e-mailed through a real SMTP server; a run taken over after its instance died opens and merges one
 * request, and finds one merged done.
 */

const site = scriptedGitHub();
const forge = setupServer(...site.handlers);
const PAT = { name: "Pat Publisher", email: "pat@example.com" };
const SERVICE = { name: "Page editor", email: "page-editor@localhost" };
const START = Date.parse("2026-12-14T06:00:00Z");
const LEASE = 300_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "voxa-take-down-"));
const page = (pagePath: string, title: string) => `${JSON.stringify({ path: pagePath, title }, null, 2)}\n`;

let store: TeamStore;
const failures: ScheduleFailure[] = [];
const notices = { scheduleFailed: (notice: ScheduleFailure) => void failures.push(notice) } as unknown as TeamNotices;
let prettierOptions: prettier.Options;

beforeAll(async () => {
  forge.listen({ onUnhandledRequest: "error" });
  prettierOptions = (await prettier.resolveConfig(path.join(ROOT, REDIRECTS_FILE))) ?? {};
  site.commitToMain("The pages", {
    "site-config/pages/home.json": page("/", "Home"),
    "site-config/pages/pricing.json": page("/pricing", "Pricing"),
    "site-config/pages/winter-offer.json": page("/winter-offer", "Winter offer"),
    "site-config/locales/de-DE/pages/winter-offer.json": page("/de/winter-offer", "Winterangebot"),
    [REDIRECTS_FILE]: `${JSON.stringify({
      $schema: "../schemas/redirects.schema.json",
      redirects: [
        { from: "/old-offer", to: "/winter-offer" },
        { from: "/team", to: "/about" },
      ],
    })}\n`,
  });
});
afterAll(() => {
  forge.close();
  site.remove();
  fs.rmSync(work, { recursive: true, force: true });
});
afterEach(async () => {
  await store?.close();
  failures.length = 0;
});

/** An instance's scheduler on `store`, its clock read from `clock.at`, building in a bare repository of its own. */
function instance(name: string, clock: { at: number }, told: TeamNotices = notices) {
  return createScheduler({
    store,
    now: () => clock.at,
    instance: name,
    forge: async () => site.forge(),
    takeDowns: takeDownRepository({
      dir: path.join(work, name, "schedules.git"),
      source: site.remote,
      committer: SERVICE,
      prettierOptions,
    }),
    notices: told,
    log: { info: () => undefined, warn: () => undefined },
  });
}

let made = 0;

/** Pat schedules `takeDown` for `localTime` in Berlin (each test's store numbers its schedules from 1: made apart). */
async function scheduleTakeDown(takeDown: TakeDown, localTime: string) {
  made += 1;
  const moment = zonedMoment(localTime, "Europe/Berlin");
  if (moment.kind !== "moment") throw new Error(`no moment: ${localTime}`);
  return (await store.addSchedule({
    kind: "take-down",
    takeDown,
    baseBranch: "main",
    localTime,
    timeZone: "Europe/Berlin",
    at: moment.at,
    scheduledBy: PAT,
    createdAt: START + made,
  }))!;
}

const WINTER = { file: "site-config/pages/winter-offer.json", path: "/winter-offer", title: "Winter offer" };
const WINTER_DE = {
  file: "site-config/locales/de-DE/pages/winter-offer.json",
  path: "/de/winter-offer",
  title: "Winterangebot",
};

describe("a scheduled take-down", () => {
  it("removes live pages at their minute, not before, with their redirects in redirects.json", async () => {
    ({ store } = tempStore());
    const clock = { at: START };
    const scheduler = instance("instance-a", clock);
    const waiting = await scheduleTakeDown(
      {
        pages: [
          { ...WINTER, redirectTo: "/pricing" },
          { ...WINTER_DE, redirectTo: "/" },
        ],
      },
      "2026-12-31T23:59",
    );
    const before = site.mainOf();
    clock.at = waiting.at - 1;
    await scheduler.runDue();
    expect(site.mainOf()).toBe(before);
    clock.at = waiting.at;
    await scheduler.runDue();
    expect(await store.findSchedule(waiting.id)).toMatchObject({ state: "done", lateByMs: 0 });
    expect(site.fileOnMain(WINTER.file)).toBeUndefined();
    expect(site.fileOnMain(WINTER_DE.file)).toBeUndefined();
    expect(site.fileOnMain("site-config/pages/pricing.json")).toBeDefined();
    const redirects = site.fileOnMain(REDIRECTS_FILE)!;
    expect(JSON.parse(redirects)).toEqual({
      $schema: "../schemas/redirects.schema.json",
      redirects: [
        // One that led to the page leads where the page now does; the others are kept.
        { from: "/old-offer", to: "/pricing" },
        { from: "/team", to: "/about" },
        { from: "/winter-offer", to: "/pricing" },
        { from: "/de/winter-offer", to: "/" },
      ],
    });
    expect(redirects).toBe(await formatJsonFile(redirects, { ...prettierOptions, filepath: REDIRECTS_FILE }));
    // One request, opened and merged through the forge, its commit the publisher's, committed by the editor.
    const number = site.opened.at(-1)!;
    expect(site.merges).toEqual([number]);
    expect(site.requests.get(number)).toMatchObject({
      title: "Take down “Winter offer” (/winter-offer), “Winterangebot” (/de/winter-offer)",
      branch: `voxa-editor/take-down/${waiting.id}-${waiting.createdAt.toString(36)}`,
    });
    expect(site.requests.get(number)!.body).toContain("- /winter-offer → /pricing");
    const who = site.git(site.remote, "log", "-1", "--format=%an <%ae>|%cn <%ce>", "main^2").trim();
    expect(who).toBe("Pat Publisher <pat@example.com>|Page editor <page-editor@localhost>");
    expect(site.git(site.remote, "rev-parse", "main^2^").trim()).toBe(before);
    const audited = await store.queryAudit({ person: PAT.email });
    expect(audited.map(({ action, detail }) => ({ action, detail }))).toEqual([
      { action: "schedule-run", detail: { schedule: waiting.id, kind: "take-down", opened: number, lateByMs: 0 } },
    ]);
    expect(failures).toEqual([]);
  });

  it("undoes a merged request's change: its changed files as before it, its added page removed and redirected", async () => {
    ({ store } = tempStore());
    const clock = { at: START };
    const about = site.fileOnMain("site-config/pages/about.json");
    site.addRequest(20, "Spring campaign", {
      files: {
        "site-config/pages/about.json": '{ "title": "About, in spring" }\n',
        "site-config/pages/spring.json": page("/spring", "Spring"),
      },
    });
    await site.forge().merge(20);
    expect(site.fileOnMain("site-config/pages/spring.json")).toBeDefined();
    const waiting = await scheduleTakeDown(
      { pages: [], change: { number: 20, title: "Spring campaign", redirectTo: "/pricing" } },
      "2026-12-14T07:00",
    );
    clock.at = waiting.at;
    await instance("instance-a", clock).runDue();
    expect(await store.findSchedule(waiting.id)).toMatchObject({ state: "done" });
    expect(site.fileOnMain("site-config/pages/about.json")).toBe(about);
    expect(site.fileOnMain("site-config/pages/spring.json")).toBeUndefined();
    expect(JSON.parse(site.fileOnMain(REDIRECTS_FILE)!).redirects).toContainEqual({ from: "/spring", to: "/pricing" });
  });

  it("fails when a file changed on main since the change, leaving main as it was, and e-mails the publisher", async () => {
    ({ store } = tempStore());
    const clock = { at: START };
    site.addRequest(21, "About, in summer", {
      files: { "site-config/pages/about.json": '{ "title": "About, in summer" }\n' },
    });
    await site.forge().merge(21);
    site.commitToMain("A later edit", { "site-config/pages/about.json": '{ "title": "About, edited later" }\n' });
    const waiting = await scheduleTakeDown({ pages: [], change: { number: 21 } }, "2026-12-14T07:00");
    const main = site.mainOf();
    const opened = site.opened.length;
    const smtp = await startSmtpServer();
    const mailed = teamNotices({
      mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: "editor@example.com" },
      publicUrl: new URL("https://edit.company.com"),
      store,
      people: () => ({ people: { [PAT.email]: "publisher" }, domains: {} }),
    });
    try {
      clock.at = waiting.at;
      await instance("instance-a", clock, mailed).runDue();
      await mailed.settled();
      expect(site.mainOf()).toBe(main);
      expect(site.opened.length).toBe(opened);
      const reason = messageOf(scheduleRunErrors.changedSince, { number: 21, files: "site-config/pages/about.json" });
      expect(await store.findSchedule(waiting.id)).toMatchObject({
        state: "failed",
        failure: { code: "EDIT_SCHEDULE_CHANGED_SINCE", message: reason },
      });
      expect(smtp.received.map((mail) => mail.to)).toEqual([[PAT.email]]);
      const [mail] = smtp.received;
      expect(headerOf(mail!, "subject")).toBe("Not taken down: the change of request 21 did not come down at its time");
      expect(mail!.text).toContain(`Why: ${reason}`);
      expect(mail!.text).toContain("2026-12-14 07:00 (Europe/Berlin)");
      const audited = await store.queryAudit({ person: PAT.email });
      expect(audited.map(({ action }) => action)).toEqual(["schedule-failed"]);
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });

  it("merges once when its instance died after opening the request, and counts one merged already as done", async () => {
    ({ store } = tempStore());
    site.commitToMain("Two more pages", {
      "site-config/pages/autumn.json": page("/autumn", "Autumn"),
      "site-config/pages/easter.json": page("/easter", "Easter"),
    });
    const clock = { at: START };
    const opened = await scheduleTakeDown({ pages: [{ ...campaign("autumn"), redirectTo: "/" }] }, "2026-12-14T07:00");
    const merged = await scheduleTakeDown({ pages: [{ ...campaign("easter"), redirectTo: "/" }] }, "2026-12-14T07:01");
    // Instance a dies: for the first, after opening the request, before merging it (its merge never reaches GitHub);
    // for the second, after merging it, before saying so. Neither run is recorded.
    const dying = instance("instance-a", clock);
    const finish = store.finishSchedule.bind(store);
    store.finishSchedule = async () => undefined;
    forge.use(http.put(`${API}/repos/voxa/site/pulls/:number/merge`, () => HttpResponse.error(), { once: true }));
    clock.at = merged.at;
    await dying.runDue();
    store.finishSchedule = finish;
    expect(await store.findSchedule(opened.id)).toMatchObject({ state: "running" });
    expect(await store.findSchedule(merged.id)).toMatchObject({ state: "running" });
    const [first, second] = site.opened.slice(-2);
    expect(site.requests.get(first!)?.state).toBe("open");
    expect(site.requests.get(second!)?.state).toBe("merged");
    const merges = site.merges.length;
    // Its lease lapsed, instance b takes both over.
    clock.at += LEASE + 1;
    await instance("instance-b", clock).runDue();
    expect(site.opened.slice(-2)).toEqual([first, second]);
    expect(site.merges.slice(merges)).toEqual([first]);
    expect(await store.findSchedule(opened.id)).toMatchObject({ state: "done" });
    expect(await store.findSchedule(merged.id)).toMatchObject({ state: "done" });
    expect(site.fileOnMain("site-config/pages/autumn.json")).toBeUndefined();
    expect(site.fileOnMain("site-config/pages/easter.json")).toBeUndefined();
  });
});

/** A campaign page of the last test, by its name. */
function campaign(name: string) {
  return { file: `site-config/pages/${name}.json`, path: `/${name}`, title: name[0]!.toUpperCase() + name.slice(1) };
}
