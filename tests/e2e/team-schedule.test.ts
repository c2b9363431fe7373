import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { editorScheduleLines, messageOf } from "../../contract/errors.ts";
import { dayOf, givenTime, lateness, timeOf, whenInWords } from "../../editor/schedule-words.ts";
import { reviewForgeAt } from "../../editor/forge/of-repository.ts";
import { openTeamStore } from "../../editor/team/open-store.ts";
import { createScheduler } from "../../editor/team/scheduler.ts";
import { axeAudit } from "../../scripts/measure/axe.ts";
import { DESKTOP } from "./support/browser.ts";
import { violationLines } from "./support/editor.ts";
import { type ScriptedGitHub, scriptedGitHub } from "./support/scripted-forge.ts";
import { TEAM_WAIT, signIn, teamEditorSuite } from "./support/team-editor.ts";
import { screenshots } from "./support/shots.ts";

/**
 * Scheduled publishing in `npm run edit:team`, as a publisher uses it in Chromium, signed in through the real OpenID
 * Connect provider, with GitHub's API scripted on this machine (its merge a real merge onto the bare remote's main):
 * Pat, reading the editor in London, schedules a request to go live at nine in Berlin, sees it in the request's
 * review and in the team's calendar in his own time and as given, changes its time and cancels it; two more requests,
 * scheduled for tomorrow, run at their minute on another instance's scheduler (the same database, its clock set by
 * the test: nothing waits for a real minute): one goes live, the other (closed on the forge meanwhile) fails with its
 * reason, and the calendar says so. That each runs once, after a kill, late or refused by the forge, the PostgreSQL
 * tier proves (editor/team/scheduler.pg.test.ts).
 *
 * It serves no site build: run it alone with E2E_BASE_URL set to any address, which the editor's suites never open.
 * E2E_SHOTS_DIR keeps its screenshots (the schedule form, a waiting schedule in the review and the calendar at 390 and
 * 1366 px); docs/images holds the ones docs/team-editor.md shows.
 */

const PET = "site-config/pages/industries/pet-insurance.json";
/** Pat reads the editor in London, in British English: his browser's zone and language. */
const VIEWER = "Europe/London";
const REQUESTS = [
  { number: 1, title: "Pet insurance hero for the winter", head: "edit/pet-insurance-winter", heading: "Winter care" },
  { number: 2, title: "Pet insurance: vets on call", head: "edit/pet-insurance-vets", heading: "Vets on call" },
  { number: 3, title: "Pet insurance: old banner", head: "edit/pet-insurance-banner", heading: "An old banner" },
] as const;
const ACCOUNTS = { pat: { email: "pat.lee@company.com", email_verified: true, name: "Pat Lee" } };
const SCHEDULED_BY = "Scheduled by Pat Lee (pat.lee@company.com)";

vi.setConfig({ testTimeout: 300_000 });
let forge: ScriptedGitHub;
const suite = teamEditorSuite(
  ACCOUNTS,
  { people: { "pat.lee@company.com": "publisher" }, domains: {} },
  async (site) => {
    forge = await scriptedGitHub(site);
    // Each request's branch changes the pet insurance page's heading, as an author's publishing would have pushed it.
    const seed = path.join(site.top, "seed");
    site.git(site.top, "clone", "--quiet", site.remote, seed);
    for (const request of REQUESTS) {
      site.git(seed, "checkout", "--quiet", "-b", request.head, "main");
      const file = path.join(seed, PET);
      const page = JSON.parse(fs.readFileSync(file, "utf8")) as { blocks: Record<string, unknown>[] };
      page.blocks[0]!.heading = request.heading;
      fs.writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
      site.git(
        seed,
        "-c",
        "user.name=Mia Wong",
        "-c",
        "user.email=mia.wong@company.com",
        "commit",
        "-qam",
        request.title,
      );
      site.git(seed, "push", "--quiet", "origin", request.head);
      forge.pulls.push({ ...request, body: "", base: "main", state: "open", merged: false, comments: [] });
    }
    site.git(seed, "checkout", "--quiet", "main");
    return forge.env;
  },
);
afterAll(() => forge?.close());
const words = (text: string) => text.replace(/\s+/g, " ").trim();

let pat: Page;
/** The request's card in the review, and its schedule's line. */
const card = (number: number) =>
  pat.getByRole("article").filter({ has: pat.getByRole("link", { name: `#${number}` }) });
const status = (number: number) => card(number).locator(".schedule-status");
/** The calendar's entry of a request. */
const entry = (number: number) =>
  pat.locator(".calendar-entry").filter({ has: pat.getByText(`${REQUESTS[number - 1]!.title} #${number}`) });

async function toCalendar() {
  await pat.getByRole("button", { name: "Pages", exact: true }).click();
  await pat.locator(".person-bar").getByRole("link", { name: "Calendar" }).click();
  await pat.getByRole("heading", { name: "Calendar", level: 1 }).waitFor();
}

/** Fills the open schedule form of request `number`: its date, time and zone. */
async function fillForm(number: number, localTime: string, zone: string) {
  const form = card(number).getByRole("form");
  await form.getByLabel("Date").fill(localTime.slice(0, 10));
  await form.getByLabel("Time", { exact: true }).fill(localTime.slice(11));
  await form.getByLabel("Time zone").fill(zone);
  return form;
}

/** Three days from now, at `time`: a day to come whatever the hour the suite runs. */
const inThreeDays = (time: string) => `${dayOf(Date.now() + 3 * 86_400_000, "Europe/Berlin")}T${time}`;
/** The moment a wall-clock time in Berlin is, read back from the schedule the server answered. */
const atOf = async (number: number) => {
  const answer = await pat.request.get(`${suite.origin}/api/schedules`);
  const { schedules } = (await answer.json()) as {
    schedules: { at: number; state: string; request: { number: number } }[];
  };
  return schedules.find((schedule) => schedule.request.number === number && schedule.state === "waiting")!.at;
};

describe("a publisher schedules a request, changes it and cancels it; the scheduler runs the others", () => {
  it("schedules a request at nine in Berlin from its review, said in words in his own time too", async () => {
    const context = await suite.browser.newContext({ viewport: DESKTOP, timezoneId: VIEWER, locale: "en-GB" });
    context.setDefaultTimeout(TEAM_WAIT);
    // The provider's development pages ask for a web font; this machine has no network, and needs none.
    await context.route(/^https:\/\/fonts\./, (route) => route.abort());
    pat = await context.newPage();
    await signIn(suite, pat, "pat");

    // Nothing is scheduled yet: the calendar says how to schedule.
    await pat.locator(".person-bar").getByRole("link", { name: "Calendar" }).click();
    const empty = editorScheduleLines.calendarEmpty;
    await pat.getByText(`${empty.title}.`).waitFor();
    expect(words(await pat.locator(".calendar-empty").innerText())).toContain(empty.hint);

    await pat.getByRole("button", { name: "Pages", exact: true }).click();
    await pat.locator(".person-bar").getByRole("link", { name: "Review" }).click();
    await card(1).waitFor();
    await card(1).getByRole("button", { name: "Schedule…" }).click();
    // The form starts in his own zone.
    expect(await card(1).getByLabel("Time zone").inputValue()).toBe(VIEWER);
    const localTime = inThreeDays("09:00");
    const form = await fillForm(1, localTime, "Europe/Berlin");
    const line = form.locator(".schedule-words");
    await expect
      .poll(async () => words(await line.innerText()))
      .toMatch(/^Goes live .* 09:00 in Berlin \(08:00 your time\)$/);
    // The form and the card's schedule controls; the rest of the review is its own suite's to audit.
    expect(await violationLines(axeAudit(pat).include(".review-request .schedule-form"))).toEqual([]);
    await screenshots(pat, "schedule-form");

    await form.getByRole("button", { name: "Schedule", exact: true }).click();
    await status(1).waitFor();
    const at = await atOf(1);
    expect(words(await status(1).locator(".schedule-text").innerText())).toBe(
      `${messageOf(editorScheduleLines.goesLive, { when: whenInWords(at, "Europe/Berlin", VIEWER) })} ${SCHEDULED_BY}`,
    );
    expect(words(await card(1).getByRole("status").innerText())).toContain(
      messageOf(editorScheduleLines.scheduled, {
        number: 1,
        title: REQUESTS[0].title,
        when: whenInWords(at, "Europe/Berlin", VIEWER),
      }),
    );
    expect(await card(1).getByRole("button", { name: "Schedule…" }).count()).toBe(0);
    expect(await violationLines(axeAudit(pat).include(".review-request .schedule-status"))).toEqual([]);
    await screenshots(pat, "schedule-waiting");
  });

  it("finds it in the calendar at his time and as given, its title leading to its review", async () => {
    await toCalendar();
    const at = await atOf(1);
    const day = pat.getByRole("region", { name: whenInWords(at, VIEWER, VIEWER).split(",")[0] });
    await day.waitFor();
    expect(words(await entry(1).locator(".calendar-time").innerText())).toBe(
      `${timeOf(at, VIEWER)} ${givenTime({ at, timeZone: "Europe/Berlin" }, VIEWER)}`,
    );
    expect(words(await entry(1).innerText())).toContain(SCHEDULED_BY);
    expect(words(await entry(1).locator(".calendar-state").innerText())).toBe("Goes live");
    await entry(1)
      .getByRole("link", { name: `${REQUESTS[0].title} #1` })
      .click();
    await pat.getByRole("heading", { name: "Review request #1", level: 1 }).waitFor();
  });

  it("changes its time, then cancels it: the review and the calendar follow", async () => {
    await status(1).getByRole("button", { name: "Change…" }).click();
    const form = card(1).getByRole("form", { name: "Change when it goes live" });
    expect(await form.getByLabel("Time", { exact: true }).inputValue()).toBe("09:00");
    await form.getByLabel("Time", { exact: true }).fill("11:30");
    await form.getByRole("button", { name: "Change time" }).click();
    await status(1)
      .getByText(/11:30 in Berlin \(10:30 your time\)$/)
      .waitFor();
    const at = await atOf(1);
    expect(words(await card(1).getByRole("status").innerText())).toContain(
      messageOf(editorScheduleLines.moved, { number: 1, when: whenInWords(at, "Europe/Berlin", VIEWER) }),
    );

    await status(1).getByRole("button", { name: "Cancel schedule" }).click();
    await card(1)
      .getByRole("status")
      .filter({ hasText: messageOf(editorScheduleLines.calledOff, { number: 1 }) })
      .waitFor();
    // The line goes once the schedules are read again after the cancel, which the confirmation may come before.
    await status(1).waitFor({ state: "detached" });
    await card(1).getByRole("button", { name: "Schedule…" }).waitFor();

    await toCalendar();
    expect(words(await entry(1).locator(".calendar-state").innerText())).toBe("Cancelled");
  });

  it("runs the requests due: one goes live, one closed on the forge meanwhile fails with its reason", async () => {
    // Requests 2 and 3 for ten tomorrow morning, in his own zone (the form's default); request 1 again, for the
    // picture. At their minute another instance runs them: a scheduler on the same database whose clock the test sets
    // there, merging through the same scripted GitHub (this editor's own clock is still a day before).
    const tomorrow = `${dayOf(Date.now() + 86_400_000, VIEWER)}T10:00`;
    await pat.getByRole("button", { name: "Pages", exact: true }).click();
    await pat.locator(".person-bar").getByRole("link", { name: "Review" }).click();
    for (const [number, time] of [
      [2, tomorrow],
      [3, tomorrow],
      [1, inThreeDays("09:00")],
    ] as const) {
      await card(number).getByRole("button", { name: "Schedule…" }).click();
      const form = await fillForm(number, time, number === 1 ? "Europe/Berlin" : VIEWER);
      await form.getByRole("button", { name: "Schedule", exact: true }).click();
      await status(number).waitFor();
    }
    forge.pulls[2]!.state = "closed";
    const minute = await atOf(2);
    const store = await openTeamStore({ sqlitePath: path.join(suite.site.top, "team.sqlite") });
    try {
      const quiet = { info: () => undefined, warn: () => undefined };
      const other = createScheduler({
        store,
        now: () => minute + 20_000,
        instance: "another instance",
        forge: () => reviewForgeAt(forge.env.EDIT_TEAM_SOURCE!, forge.env),
        log: quiet,
      });
      await other.runDue();
    } finally {
      await store.close();
    }

    await toCalendar();
    await expect
      .poll(
        async () => {
          await pat.reload();
          await pat.getByRole("heading", { name: "Calendar", level: 1 }).waitFor();
          return Promise.all(
            [2, 3].map(async (number) => words(await entry(number).locator(".calendar-state").innerText())),
          );
        },
        { timeout: TEAM_WAIT, interval: 500 },
      )
      .toEqual(["Went live", "Failed"]);
    const answer = await pat.request.get(`${suite.origin}/api/schedules`);
    const { schedules } = (await answer.json()) as {
      schedules: {
        request: { number: number };
        state: string;
        ranAt: number;
        lateByMs: number;
        failure?: { message: string };
      }[];
    };
    const done = schedules.find((schedule) => schedule.request.number === 2)!;
    expect(words(await entry(2).locator(".calendar-outcome").innerText())).toBe(
      messageOf(editorScheduleLines.wentLive, {
        when: `at ${timeOf(done.ranAt, VIEWER)}`,
        late: lateness(done.lateByMs),
      }),
    );
    expect(forge.pulls[1]!.merged).toBe(true);
    const failed = schedules.find((schedule) => schedule.request.number === 3)!;
    expect(words(await entry(3).locator(".calendar-outcome").innerText())).toContain(failed.failure!.message);
    expect(await violationLines(axeAudit(pat))).toEqual([]);
    await screenshots(pat, "schedule-calendar");
  });

  it("takes the change of the request that went live down at a time, from the review's recently merged", async () => {
    await pat.getByRole("button", { name: "Pages", exact: true }).click();
    await pat.locator(".person-bar").getByRole("link", { name: "Review" }).click();
    const merged = pat.getByRole("region", { name: "Recently merged" });
    const item = merged.getByRole("listitem").filter({ hasText: `${REQUESTS[1].title} #2` });
    await item.waitFor();
    // Closed on the forge without a merge: nothing of it to take down.
    expect(await merged.getByText(REQUESTS[2].title).count()).toBe(0);
    await item.getByRole("button", { name: "Take down…" }).click();
    const form = pat.getByRole("dialog").getByRole("form", { name: "Take down request #2's change" });
    const localTime = inThreeDays("23:59");
    await form.getByLabel("Date").fill(localTime.slice(0, 10));
    await form.getByLabel("Time", { exact: true }).fill("23:59");
    await form.getByLabel("Time zone").fill("Europe/Berlin");
    await form.getByText(/Comes down .*, 23:59 in Berlin \(22:59 your time\)$/).waitFor();
    expect(await violationLines(axeAudit(pat).include("dialog"))).toEqual([]);
    await screenshots(pat, "take-down-merged");
    await form.getByRole("button", { name: "Take down", exact: true }).click();
    const said = pat.getByRole("dialog").getByRole("status");
    expect(words(await said.innerText())).toContain(`The change of request 2, “${REQUESTS[1].title}” comes down`);
    await pat.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    // The request now says when its change comes down, and offers no second take-down.
    await item.getByText(/Comes down .*, 23:59 in Berlin/).waitFor();
    expect(await item.getByRole("button", { name: "Take down…" }).count()).toBe(0);
    expect(await violationLines(axeAudit(pat).include(".merged-requests"))).toEqual([]);
    // The request's own address (where the e-mail asking for its review leads) shows it at the top.
    await pat.goto(`${suite.origin}/review/2`);
    await pat.getByRole("heading", { name: "Review request #2", level: 1 }).waitFor();
    await item.getByText(/Comes down .*, 23:59 in Berlin/).waitFor();
    await screenshots(pat, "take-down-merged-listed");
  });

  it("takes a page down at a time from its toolbar, and the calendar lists it as coming down", async () => {
    await pat.getByRole("button", { name: "Pages", exact: true }).click();
    await pat.getByRole("link", { name: "AI agents for pet insurance" }).click();
    await pat.getByRole("button", { name: "Take down…" }).click();
    const form = pat.getByRole("dialog").getByRole("form");
    const localTime = inThreeDays("23:59");
    await form.getByLabel("Date").fill(localTime.slice(0, 10));
    await form.getByLabel("Time", { exact: true }).fill("23:59");
    await form.getByLabel("Time zone").fill("Europe/Berlin");
    await form.getByLabel("Then leads to").fill("/industries");
    // Its German version comes down with it, to its nearest German page above (/industries has none in German).
    const german = form
      .getByRole("group", { name: "Its translations, taken down with it" })
      .getByRole("checkbox", { name: /^Deutsch .*\(\/de\/branchen\/tierversicherung\)$/ });
    expect(await german.isChecked()).toBe(true);
    const leads =
      "/industries/pet-insurance then leads to /industries; /de/branchen/tierversicherung then leads to /de";
    await pat.getByText(new RegExp(`; ${leads.replaceAll("/", "\\/")}$`)).waitFor();
    await screenshots(pat, "take-down-form");
    await form.getByRole("button", { name: "Take down", exact: true }).click();
    // Scheduled (its status) or refused (its alert, whose words the failure then shows).
    const said = pat.getByRole("dialog").getByRole("status").or(pat.getByRole("dialog").getByRole("alert"));
    await said.first().waitFor();
    expect(words(await said.first().innerText())).toContain("(/de/branchen/tierversicherung) comes down");
    await pat.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    await toCalendar();
    const takeDown = pat.locator(".calendar-entry").filter({ hasText: "(/industries/pet-insurance)" });
    expect(words(await takeDown.locator(".calendar-state").innerText())).toBe("Comes down");
    expect(words(await takeDown.locator(".calendar-outcome").innerText())).toBe(leads);
  });
});
