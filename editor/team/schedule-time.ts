/**
 * A wall-clock time in an IANA zone as a moment in UTC, with Intl alone (Node 20 has no Temporal): a schedule runs at
 * the time the person read on their clock, whatever daylight saving did between the day they chose it and that day.
 */

/** "2026-12-14T09:00": a day and a minute, as a `datetime-local` field gives them. */
export const LOCAL_TIME_PATTERN = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$";

/** What a wall-clock time in a zone is, in UTC: the moment, or why there is none. */
export type ZonedMoment =
  | { kind: "moment"; at: number; timeZone: string }
  | { kind: "unknown-zone" }
  | { kind: "not-a-time" }
  /** The clocks jump over it (spring forward): nobody's clock in the zone shows that minute that day. */
  | { kind: "skipped" };

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter, or undefined for a name Intl does not know (an offset such as "+01:00" is not a zone). */
function formatterOf(timeZone: string): Intl.DateTimeFormat | undefined {
  if (!/^[A-Za-z]/.test(timeZone)) return undefined;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      return undefined;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's own spelling of its name ("europe/berlin" → "Europe/Berlin"), or undefined for an unknown zone. */
export const canonicalZone = (timeZone: string): string | undefined =>
  formatterOf(timeZone)?.resolvedOptions().timeZone;

/** The wall clock of `zone` at the moment `at`, as if that reading were UTC (so that two readings subtract). */
function wallClockAt(formatter: Intl.DateTimeFormat, at: number): number {
  const parts = Object.fromEntries(formatter.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** "YYYY-MM-DDTHH:MM" read as that reading in UTC, or undefined when it names no real day and minute. */
function readLocal(localTime: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(localTime);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return undefined;
  const reading = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls 31 April over into 1 May: a day that does not exist is refused, not moved.
  const back = new Date(reading);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return reading;
}

/**
 * The moment `localTime` shows on the clocks of `timeZone`. Of two such moments (the hour the clocks go back, fall
 * back) the earlier, as Temporal's "compatible" disambiguation takes; none (the hour they skip) is said, not moved.
 */
export function zonedMoment(localTime: string, timeZone: string): ZonedMoment {
  const formatter = formatterOf(timeZone);
  if (!formatter) return { kind: "unknown-zone" };
  const reading = readLocal(localTime);
  if (reading === undefined) return { kind: "not-a-time" };
  // The zone's offset a day either side holds every offset the reading could be in (no zone changes twice in two days).
  const offsets = new Set(
    [DAY_MS, -DAY_MS].map((shift) => wallClockAt(formatter, reading + shift) - (reading + shift)),
  );
  const moments = [...offsets]
    .map((offset) => reading - offset)
    .filter((at) => wallClockAt(formatter, at) === reading)
    .sort((a, b) => a - b);
  if (moments.length === 0) return { kind: "skipped" };
  return { kind: "moment", at: moments[0]!, timeZone: formatter.resolvedOptions().timeZone };
}

/** A moment as the clocks of `timeZone` show it, in the form schedules are given in ("2026-12-14T09:00"). */
export function localTimeAt(at: number, timeZone: string): string {
  const formatter = formatterOf(timeZone);
  if (!formatter) throw new RangeError(`unknown time zone ${timeZone}`);
  return new Date(wallClockAt(formatter, at)).toISOString().slice(0, 16);
}

/** A schedule's time as people read it in messages: "2026-12-14 09:00 (Europe/Berlin)". */
export const shownTime = (localTime: string, timeZone: string) => `${localTime.replace("T", " ")} (${timeZone})`;
