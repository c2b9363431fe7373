import { useEffect, useId, useRef, useState } from "react";
import { CalendarClock } from "lucide-react";
import { editorScheduleLines, messageOf } from "../../../contract/errors.ts";
import type { Schedule } from "../../protocol.ts";
import { dayInWords, dayOf, goesLiveLine, placeOf, whenInWords } from "../../schedule-words.ts";
import { zonedMoment } from "../../team/schedule-time.ts";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { type ScheduleMode, type Scheduling, type ViewerClock, scheduleIds } from "./useScheduling.ts";
import { WhenFields } from "./WhenFields.tsx";
import "./schedule.css";

const DAY_MS = 86_400_000;
/** The time a new schedule offers: the start of a working day, the most common time to go live. */
const DEFAULT_TIME = "09:00";

const HEADINGS: Record<ScheduleMode, (number: number) => string> = {
  new: (number) => `Schedule request #${number}`,
  change: () => "Change when it goes live",
  retry: () => "Retry at a new time",
};
const SUBMITS: Record<ScheduleMode, string> = { new: "Schedule", change: "Change time", retry: "Retry" };

/** What the form starts with: a waiting schedule's own time; else tomorrow at nine (a retry: at its time) in its zone. */
function startingTime(mode: ScheduleMode, schedule: Schedule | undefined, clock: ViewerClock) {
  if (mode === "change" && schedule) return { localTime: schedule.localTime, zone: schedule.timeZone };
  const zone = schedule?.timeZone ?? clock.zone;
  const time = mode === "retry" && schedule ? schedule.localTime.slice(11) : DEFAULT_TIME;
  return { localTime: `${dayOf(clock.now() + DAY_MS, zone)}T${time}`, zone };
}

/**
 * What the time chosen means, in words (`line` says a moment to come: "Goes live …" unless told otherwise), and the
 * zone to schedule it in (its own spelling), only for a moment to come in a zone that exists.
 */
export function meaning(
  localTime: string,
  typed: string,
  clock: ViewerClock,
  line: (at: number, zone: string, viewer: string) => string = goesLiveLine,
): { words: string; zone?: string } {
  const zone = typed.trim();
  const moment = zonedMoment(localTime, zone);
  if (moment.kind === "unknown-zone") return { words: zone ? messageOf(editorScheduleLines.notAZone, { zone }) : "" };
  if (moment.kind === "not-a-time") return { words: "" };
  if (moment.kind === "skipped") {
    // Midnight of the day asked names that day in the zone's words.
    const midnight = zonedMoment(`${localTime.slice(0, 10)}T00:00`, zone);
    const day = midnight.kind === "moment" ? dayInWords(midnight.at, zone) : localTime.slice(0, 10);
    return {
      words: messageOf(editorScheduleLines.clocksSkip, { time: localTime.slice(11), day, place: placeOf(zone) }),
    };
  }
  const when = whenInWords(moment.at, moment.timeZone, clock.zone);
  if (moment.at <= clock.now()) return { words: messageOf(editorScheduleLines.timePassed, { when }) };
  return { words: line(moment.at, moment.timeZone, clock.zone), zone: moment.timeZone };
}

/**
 * The schedule form of a request: its date, time and zone (the viewer's, unless the schedule has its own), what they
 * mean in words as they change (in the zone given and the viewer's own), and Schedule, Change time or Retry.
 * Escape or Close leaves it.
 */
export function ScheduleForm({
  number,
  scheduling,
  schedule,
  clock,
}: {
  number: number;
  scheduling: Scheduling;
  schedule: Schedule | undefined;
  clock: ViewerClock;
}) {
  const mode = scheduling.editing ?? "new";
  const [start] = useState(() => startingTime(mode, schedule, clock));
  const [when, setWhen] = useState({
    date: start.localTime.slice(0, 10),
    time: start.localTime.slice(11),
    zone: start.zone,
  });
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const id = useId();
  const ids = scheduleIds(number);
  const localTime = `${when.date}T${when.time}`;
  const chosen = meaning(localTime, when.zone, clock);
  return (
    <form
      id={ids.form}
      className="schedule-form"
      aria-labelledby={`${id}-heading`}
      onKeyDown={(event) => {
        if (event.key === "Escape") scheduling.close();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.zone) void scheduling.submit(localTime, chosen.zone);
      }}
    >
      <h3 id={`${id}-heading`}>{HEADINGS[mode](number)}</h3>
      <div className="schedule-fields">
        <WhenFields id={id} first={first} when={when} onChange={setWhen} clock={clock} />
      </div>
      <p
        id={`${id}-words`}
        className={chosen.zone ? "schedule-words" : "schedule-words schedule-words-problem"}
        aria-live="polite"
      >
        {chosen.zone && <CalendarClock size={16} aria-hidden />} {chosen.words}
      </p>
      {scheduling.refusal && <CatalogueAlert refusal={scheduling.refusal} />}
      <div className="schedule-form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={scheduling.busy || !chosen.zone}
          aria-describedby={`${id}-words`}
        >
          {SUBMITS[mode]}
        </button>
        <button type="button" className="button" onClick={scheduling.close}>
          Close
        </button>
      </div>
    </form>
  );
}
