import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorScheduleLines, messageOf } from "../../../contract/errors.ts";
import type { Schedule, SignedInPerson } from "../../protocol.ts";
import { renderAt } from "../../../tests/support/editor/test-router.tsx";
import { scriptApi } from "../document/test-fetch.ts";
import { CalendarView } from "./CalendarView.tsx";

afterEach(() => vi.unstubAllGlobals());

const CLOCK = { now: () => Date.parse("2026-12-10T12:00:00Z"), zone: "Europe/London" };
const PAT: SignedInPerson = { email: "pat.lee@company.com", name: "Pat Lee", role: "publisher" };

const schedule = (id: number, at: string, timeZone: string, more: Partial<Schedule> = {}): Schedule => ({
  id,
  kind: "publish",
  request: { number: id, title: `Request ${id}` },
  localTime: "",
  timeZone,
  at: Date.parse(at),
  state: "waiting",
  scheduledBy: { name: "Pat Lee", email: "pat.lee@company.com" },
  createdAt: 0,
  updatedAt: 0,
  ...more,
});

const calendar = (person: SignedInPerson) =>
  renderAt(<CalendarView arrived={false} person={person} clock={CLOCK} onBack={() => undefined} />, "/calendar");
const words = (element: Element) => element.textContent?.replace(/\s+/g, " ").trim();
/** An entry's parts as they read: its times, its request's lines, its state. */
const parts = (entry: Element) =>
  [...entry.querySelectorAll(".calendar-time > *, .calendar-request > p, .calendar-state")].map(words).join(" | ");

describe("the team's calendar", () => {
  it("lists each schedule under its day in the viewer's zone, at their time and as given, with its request and state", async () => {
    scriptApi(() => ({
      body: {
        schedules: [
          // 23:30 on the 14th in London is the 15th in Berlin, where it was given: London's day holds it.
          schedule(9, "2026-12-14T23:30:00Z", "Europe/Berlin"),
          schedule(4, "2026-12-08T09:00:00Z", "Europe/London", {
            state: "done",
            ranAt: Date.parse("2026-12-08T09:12:00Z"),
            lateByMs: 12 * 60_000,
          }),
          schedule(5, "2026-12-14T08:00:00Z", "Europe/Berlin", {
            state: "failed",
            failure: { code: "EDIT_REVIEW_NOT_OPEN", message: "Request 5 is not open any more." },
          }),
          schedule(6, "2026-12-14T10:00:00Z", "Europe/London", { state: "cancelled" }),
        ],
      },
    }));
    const view = calendar(PAT);
    const days = await screen.findAllByRole("region");
    expect(days.map((day) => within(day).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Tuesday 8 December 2026",
      "Monday 14 December 2026",
    ]);
    expect(within(days[0]!).getAllByRole("listitem").map(parts)).toEqual([
      "09:00 | Request 4 #4 | Scheduled by Pat Lee (pat.lee@company.com) | " +
        `${messageOf(editorScheduleLines.wentLive, { when: "at 09:12", late: "12 minutes" })} | Went live`,
    ]);
    expect(within(days[1]!).getAllByRole("listitem").map(parts)).toEqual([
      "08:00 | 09:00 in Berlin | Request 5 #5 | Scheduled by Pat Lee (pat.lee@company.com) | " +
        `Did not go live. Request 5 is not open any more. ${editorScheduleLines.didNotRun.hint} | Failed`,
      "10:00 | Request 6 #6 | Scheduled by Pat Lee (pat.lee@company.com) | Cancelled",
      "23:30 | Tue 15 Dec, 00:30 in Berlin | Request 9 #9 | Scheduled by Pat Lee (pat.lee@company.com) | Goes live",
    ]);
    expect(within(days[1]!).getByRole("link", { name: "Request 9 #9" }).getAttribute("href")).toBe("/review/9");
    await userEvent.click(within(days[1]!).getByRole("link", { name: "Request 5 #5" }));
    expect(view.at()).toBe("/review/5");
  });

  it("labels each state as what happens, in a publication's words or a take-down's", async () => {
    const takeDown = { kind: "take-down" as const, request: undefined };
    const pages = (id: number) => ({
      takeDown: {
        pages: [{ file: `site-config/pages/p${id}.json`, path: `/p${id}`, title: `Page ${id}`, redirectTo: "/" }],
      },
    });
    const states = ["waiting", "running", "done", "failed", "cancelled"] as const;
    scriptApi(() => ({
      body: {
        schedules: states.flatMap((state, index) => [
          schedule(index + 1, `2026-12-1${index + 1}T09:00:00Z`, "Europe/London", { state }),
          schedule(index + 11, `2026-12-1${index + 1}T10:00:00Z`, "Europe/London", {
            state,
            ...(state === "failed" && { failure: { code: "X", message: "Nothing came down." } }),
            ...takeDown,
            ...pages(index + 11),
          }),
        ]),
      },
    }));
    calendar(PAT);
    const days = await screen.findAllByRole("region");
    const labels = days.map((day) =>
      within(day)
        .getAllByRole("listitem")
        .map((entry) => words(entry.querySelector(".calendar-state")!)),
    );
    // A take-down that failed says so in its own words too.
    const failed = screen.getAllByRole("listitem").find((entry) => entry.textContent?.includes("(/p14)"))!;
    expect(words(failed.querySelector(".calendar-outcome")!)).toBe(
      `${editorScheduleLines.didNotComeDown.title}. Nothing came down. ${editorScheduleLines.didNotComeDown.hint}`,
    );
    expect(labels).toEqual([
      ["Goes live", "Comes down"],
      ["Going live", "Coming down"],
      ["Went live", "Came down"],
      ["Failed", "Failed"],
      ["Cancelled", "Cancelled"],
    ]);
  });

  it("names requests without a link for someone who does not review them", async () => {
    scriptApi(() => ({ body: { schedules: [schedule(9, "2026-12-14T09:00:00Z", "Europe/London")] } }));
    calendar({ ...PAT, role: "author" });
    expect(await screen.findByText("Request 9 #9")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Request 9 #9" })).toBeNull();
  });

  it("says how to schedule when nothing is scheduled", async () => {
    scriptApi(() => ({ body: { schedules: [] } }));
    calendar(PAT);
    const empty = editorScheduleLines.calendarEmpty;
    expect(words((await screen.findByText(`${empty.title}.`)).closest("p")!)).toBe(
      `${empty.title}. No review request is scheduled to go live, and none ran in the last 30 days. ${empty.hint}`,
    );
  });
});
