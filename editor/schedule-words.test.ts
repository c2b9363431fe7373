import { describe, expect, it } from "vitest";
import type { Schedule } from "./protocol.ts";
import { byDay, givenTime, goesLiveLine, isTimeZone, lateness, placeOf, whenInWords } from "./schedule-words.ts";

const utc = (iso: string) => Date.parse(iso);
/** 09:00 in Berlin on 14 December 2026 (UTC+1). */
const BERLIN_NINE = utc("2026-12-14T08:00:00Z");

const schedule = (id: number, at: string, timeZone: string): Schedule => ({
  id,
  kind: "publish",
  request: { number: id, title: `Request ${id}` },
  localTime: "",
  timeZone,
  at: utc(at),
  state: "waiting",
  scheduledBy: { name: "Pat Lee", email: "pat.lee@company.com" },
  createdAt: 0,
  updatedAt: 0,
});

describe("a schedule's time in words", () => {
  it("says the day and time in the zone given, and the viewer's own time where their clock reads otherwise", () => {
    expect(goesLiveLine(BERLIN_NINE, "Europe/Berlin", "Europe/London")).toBe(
      "Goes live Monday 14 December 2026, 09:00 in Berlin (08:00 your time)",
    );
    expect(whenInWords(BERLIN_NINE, "Europe/Berlin", "Europe/Berlin")).toBe("Monday 14 December 2026, 09:00 in Berlin");
    // Paris reads the same clock as Berlin: no aside.
    expect(whenInWords(BERLIN_NINE, "Europe/Berlin", "Europe/Paris")).toBe("Monday 14 December 2026, 09:00 in Berlin");
  });

  it("names the viewer's day too where it is another one", () => {
    expect(whenInWords(utc("2026-12-14T00:30:00Z"), "Asia/Tokyo", "America/Los_Angeles")).toBe(
      "Monday 14 December 2026, 09:30 in Tokyo (Sun 13 Dec, 16:30 your time)",
    );
  });

  it("keeps a summer day's time as its wall clock reads then, not the offset of today", () => {
    expect(whenInWords(utc("2027-06-01T07:00:00Z"), "Europe/Berlin", "UTC")).toBe(
      "Tuesday 1 June 2027, 09:00 in Berlin (07:00 your time)",
    );
  });

  it("names a zone by its city, and knows zones from what is not one", () => {
    expect(placeOf("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(placeOf("UTC")).toBe("UTC");
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Europe/Atlantis")).toBe(false);
    expect(isTimeZone("+01:00")).toBe(false);
  });

  it("says the time given beside the viewer's only where it reads otherwise, with its day where that differs", () => {
    expect(givenTime({ at: BERLIN_NINE, timeZone: "Europe/Berlin" }, "Europe/Berlin")).toBeUndefined();
    expect(givenTime({ at: BERLIN_NINE, timeZone: "Europe/Berlin" }, "Europe/London")).toBe("09:00 in Berlin");
    expect(givenTime({ at: utc("2026-12-14T02:00:00Z"), timeZone: "America/New_York" }, "Europe/Berlin")).toBe(
      "Sun 13 Dec, 21:00 in New York",
    );
  });

  it("says how late a schedule ran only when it was late by more than the scheduler's minute", () => {
    expect(lateness(undefined)).toBeUndefined();
    expect(lateness(90_000)).toBeUndefined();
    expect(lateness(12 * 60_000 + 20_000)).toBe("12 minutes");
    expect(lateness(3 * 3_600_000 + 60_000)).toBe("3 hours");
  });
});

describe("the calendar's days", () => {
  it("groups schedules by the day they run on in the viewer's zone, each day's by time", () => {
    const late = schedule(1, "2026-12-14T22:30:00Z", "Europe/London");
    const morning = schedule(2, "2026-12-14T08:00:00Z", "Europe/Berlin");
    const next = schedule(3, "2026-12-15T09:00:00Z", "UTC");
    // In Berlin, 22:30 UTC is 23:30 the same day; in Tokyo it is the next morning, with the 15th's schedule.
    expect(byDay([late, next, morning], "Europe/Berlin")).toEqual([
      { day: "2026-12-14", label: "Monday 14 December 2026", schedules: [morning, late] },
      { day: "2026-12-15", label: "Tuesday 15 December 2026", schedules: [next] },
    ]);
    expect(byDay([late, next, morning], "Asia/Tokyo").map(({ day, schedules }) => [day, schedules])).toEqual([
      ["2026-12-14", [morning]],
      ["2026-12-15", [late, next]],
    ]);
  });
});
