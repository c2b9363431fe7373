/**
 * A schedule's time as the editor's views say it: in the viewer's own zone, and in the zone it was given in where that
 * reads otherwise; its day for the calendar's grouping; how late it ran. Every date and time is Intl's, in the
 * editor's locale (its page is en-GB), so that a day reads "Monday 14 December 2026" and a time "09:00".
 */
import { editorScheduleLines, messageOf } from "../contract/errors.ts";
import type { Schedule } from "./protocol.ts";

/** Where a removed page leads: its address, and the page it is sent to. */
interface Redirect {
  from: string;
  to: string;
}
import { localTimeAt } from "./team/schedule-time.ts";

const EDITOR_LOCALE = "en-GB";

const cached = <T>(make: (zone: string) => T) => {
  const made = new Map<string, T>();
  return (zone: string): T => {
    let value = made.get(zone);
    if (value === undefined) made.set(zone, (value = make(zone)));
    return value;
  };
};
const longDay = cached(
  (timeZone) =>
    new Intl.DateTimeFormat(EDITOR_LOCALE, {
      timeZone,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
);
const shortDay = cached(
  (timeZone) => new Intl.DateTimeFormat(EDITOR_LOCALE, { timeZone, weekday: "short", day: "numeric", month: "short" }),
);
const clock = cached(
  (timeZone) =>
    new Intl.DateTimeFormat(EDITOR_LOCALE, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
);

/** The zone the browser reads its clock in ("Europe/Berlin"), the default of every zone a person picks. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether Intl knows `zone` (an IANA name; an offset such as "+01:00" is not one). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]/.test(zone)) return false;
  try {
    clock(zone);
    return true;
  } catch {
    return false;
  }
}

/** A zone as people name it: its city ("Europe/Berlin" → "Berlin", "America/Argentina/Buenos_Aires" → "Buenos Aires"). */
export const placeOf = (zone: string) => (zone.split("/").at(-1) ?? zone).replaceAll("_", " ");

/** The day of `at` in `zone`, "2026-12-14": the calendar's key, and a date field's value. */
export const dayOf = (at: number, zone: string) => localTimeAt(at, zone).slice(0, 10);

/** The time of day of `at` in `zone`, "09:00". */
export const timeOf = (at: number, zone: string) => clock(zone).format(at);

/** Intl's words for a day without its punctuation, which ICU versions place differently ("Monday, 14 December"). */
const wordsOf = (format: Intl.DateTimeFormat, at: number) =>
  format
    .formatToParts(at)
    .filter(({ type }) => type !== "literal")
    .map(({ value }) => value)
    .join(" ");

/** The day of `at` in `zone` in words: "Monday 14 December 2026". */
export const dayInWords = (at: number, zone: string) => wordsOf(longDay(zone), at);

/**
 * When `at` is, for a person in `viewer`, as given in `zone`: "Monday 14 December 2026, 09:00 in Berlin (08:00 your
 * time)", the viewer's own day too where it is another ("… (Sun 13 Dec, 23:00 your time)"); no aside where both
 * clocks read the same.
 */
export function whenInWords(at: number, zone: string, viewer: string): string {
  const given = `${dayInWords(at, zone)}, ${timeOf(at, zone)} in ${placeOf(zone)}`;
  if (localTimeAt(at, zone) === localTimeAt(at, viewer)) return given;
  const yours =
    dayOf(at, zone) === dayOf(at, viewer)
      ? timeOf(at, viewer)
      : `${wordsOf(shortDay(viewer), at)}, ${timeOf(at, viewer)}`;
  return `${given} (${yours} your time)`;
}

/** The line that says when a schedule of the form goes live: "Goes live Monday 14 December 2026, 09:00 in Berlin…". */
export const goesLiveLine = (at: number, zone: string, viewer: string) =>
  messageOf(editorScheduleLines.goesLive, { when: whenInWords(at, zone, viewer) });

/**
 * The line that says when a take-down comes down and where its addresses then lead: "Comes down Thursday 31 December
 * 2026, 23:59 in Berlin; /winter-offer then leads to /pricing".
 */
export const comesDownLine = (at: number, zone: string, viewer: string, redirects: readonly Redirect[]) =>
  messageOf(editorScheduleLines.comesDown, {
    when: whenInWords(at, zone, viewer),
    leads: redirects.map((redirect) => messageOf(editorScheduleLines.leadsTo, redirect)).join("; "),
  });

/** Where a take-down's pages lead once it ran. */
export const redirectsOf = (schedule: Pick<Schedule, "takeDown">): Redirect[] =>
  (schedule.takeDown?.pages ?? []).map((page) => ({ from: page.path, to: page.redirectTo }));

/**
 * A schedule's time in the zone it was given in, where that reads otherwise than the viewer's clock: "09:00 in Berlin",
 * with its day where the day is another ("Mon 14 Dec, 09:00 in New York"); undefined where both read the same.
 */
export function givenTime(schedule: Pick<Schedule, "at" | "timeZone">, viewer: string): string | undefined {
  const { at, timeZone } = schedule;
  if (localTimeAt(at, timeZone) === localTimeAt(at, viewer)) return undefined;
  const day = dayOf(at, timeZone) === dayOf(at, viewer) ? "" : `${wordsOf(shortDay(timeZone), at)}, `;
  return `${day}${timeOf(at, timeZone)} in ${placeOf(timeZone)}`;
}

/** The scheduler runs each minute: a schedule that ran less than this after its time ran on time. */
export const LATE_AFTER_MS = 2 * 60_000;

const minutes = new Intl.NumberFormat(EDITOR_LOCALE, { style: "unit", unit: "minute", unitDisplay: "long" });
const hours = new Intl.NumberFormat(EDITOR_LOCALE, {
  style: "unit",
  unit: "hour",
  unitDisplay: "long",
  maximumFractionDigits: 0,
});

/** How late a schedule ran, in words ("12 minutes", "3 hours"), or undefined when it ran on time. */
export function lateness(lateByMs: number | undefined): string | undefined {
  if (lateByMs === undefined || lateByMs < LATE_AFTER_MS) return undefined;
  const late = Math.round(lateByMs / 60_000);
  return late < 120 ? minutes.format(late) : hours.format(late / 60);
}

/** The schedules of one day in the viewer's zone, by time. */
export interface ScheduleDay {
  /** "2026-12-14" */
  day: string;
  /** "Monday 14 December 2026" */
  label: string;
  schedules: Schedule[];
}

/** Every schedule under the day it runs on in `viewer`'s zone, the days and each day's schedules by time. */
export function byDay(schedules: readonly Schedule[], viewer: string): ScheduleDay[] {
  const days = new Map<string, ScheduleDay>();
  for (const schedule of [...schedules].sort((a, b) => a.at - b.at || a.id - b.id)) {
    const day = dayOf(schedule.at, viewer);
    let group = days.get(day);
    if (!group) days.set(day, (group = { day, label: dayInWords(schedule.at, viewer), schedules: [] }));
    group.schedules.push(schedule);
  }
  return [...days.values()];
}
