import { Link } from "react-router";
import { editorScheduleLines, messageOf, scheduleStateWords, takeDownWords } from "../../../contract/errors.ts";
import {
  type Schedule,
  type ScheduleKind,
  type ScheduleState,
  type SignedInPerson,
  requestAddress,
} from "../../protocol.ts";
import { byDay, dayOf, givenTime, lateness, redirectsOf, timeOf } from "../../schedule-words.ts";
import { api, catalogueLine } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { useArrivalFocus } from "../focus.ts";
import { Topbar } from "../Topbar.tsx";
import { useAnswer } from "../useAnswer.ts";
import { SCHEDULE_ICONS } from "./ScheduleStatus.tsx";
import type { ViewerClock } from "./useScheduling.ts";
import "./calendar.css";

/** Each state's label in each kind's words: what will happen, is happening or happened. */
const LABELS: Record<ScheduleKind, Record<ScheduleState, string>> = {
  publish: {
    waiting: scheduleStateWords.goesLive.message,
    running: scheduleStateWords.goingLive.message,
    done: scheduleStateWords.wentLive.message,
    failed: scheduleStateWords.failed.message,
    cancelled: scheduleStateWords.cancelled.message,
  },
  "take-down": {
    waiting: scheduleStateWords.comesDown.message,
    running: scheduleStateWords.comingDown.message,
    done: scheduleStateWords.cameDown.message,
    failed: scheduleStateWords.failed.message,
    cancelled: scheduleStateWords.cancelled.message,
  },
};

/** What became of a schedule beside its state: when it ran and how late, or why it failed; where a take-down leads. */
function outcome(schedule: Schedule, viewer: string) {
  if (schedule.state === "failed" && schedule.failure)
    return (
      <CatalogueWords
        line={catalogueLine(
          schedule.kind === "take-down" ? editorScheduleLines.didNotComeDown : editorScheduleLines.didNotRun,
          { reason: schedule.failure.message },
        )}
      />
    );
  const redirects = redirectsOf(schedule);
  if (schedule.kind === "take-down" && schedule.state === "waiting" && redirects.length > 0)
    return redirects.map((redirect) => messageOf(editorScheduleLines.leadsTo, redirect)).join("; ");
  if (schedule.state === "done" && schedule.ranAt !== undefined)
    return messageOf(schedule.kind === "take-down" ? editorScheduleLines.cameDown : editorScheduleLines.wentLive, {
      when: `at ${timeOf(schedule.ranAt, viewer)}`,
      late: lateness(schedule.lateByMs),
    });
  return null;
}

/** What a take-down brings down, as its calendar entry is titled. */
function takeDownTitle({ takeDown }: Schedule) {
  if (takeDown?.change) return messageOf(takeDownWords.change, takeDown.change);
  return messageOf(takeDownWords.pages, {
    pages: (takeDown?.pages ?? []).map((page) => `${page.title} (${page.path})`).join(", "),
  });
}

/** One schedule of a day: its time in the viewer's zone (and as given), its request, who scheduled it, its state. */
function CalendarEntry({ schedule, viewer, reviews }: { schedule: Schedule; viewer: string; reviews: boolean }) {
  const Icon = SCHEDULE_ICONS[schedule.state];
  const given = givenTime(schedule, viewer);
  const said = outcome(schedule, viewer);
  const { request } = schedule;
  const title = request ? `${request.title} #${request.number}` : takeDownTitle(schedule);
  return (
    <li className={`calendar-entry calendar-${schedule.state}`}>
      <div className="calendar-time">
        <time dateTime={new Date(schedule.at).toISOString()}>{timeOf(schedule.at, viewer)}</time>
        {given && <span className="muted">{given}</span>}
      </div>
      <div className="calendar-request">
        <p className="calendar-title">
          {/* Only a publisher's review shows a request: for anyone else its title is its name. */}
          {reviews && request ? <Link to={requestAddress(request.number)}>{title}</Link> : title}
        </p>
        <p className="muted">
          Scheduled by {schedule.scheduledBy.name} ({schedule.scheduledBy.email})
        </p>
        {said && <p className="calendar-outcome">{said}</p>}
      </div>
      <span className={`calendar-state calendar-state-${schedule.state}`}>
        <Icon size={14} aria-hidden /> {LABELS[schedule.kind][schedule.state]}
      </span>
    </li>
  );
}

/**
 * The team's calendar: every schedule (to come, and run or cancelled in the last 30 days) under the day it runs on in
 * the viewer's zone, each at its time there and, where it reads otherwise, as given; its request, leading to its
 * review, who scheduled it and what became of it.
 */
export function CalendarView({
  arrived,
  person,
  clock,
  onBack,
}: {
  arrived: boolean;
  person: SignedInPerson;
  clock: ViewerClock;
  onBack: () => void;
}) {
  const { answer, failure } = useAnswer(api.schedules);
  const heading = useArrivalFocus(arrived, answer !== null || failure !== null);
  const reviews = person.role === "publisher" || person.role === "admin";
  const days = answer && byDay(answer.schedules, clock.zone);
  const today = dayOf(clock.now(), clock.zone);
  return (
    <div className="changes-view">
      <Topbar heading={heading} title="Calendar" detail={`times in ${clock.zone}, your time zone`} onBack={onBack} />
      <main className="pages calendar" id="main">
        {failure && <CatalogueAlert refusal={failure} />}
        {!answer && !failure && <p className="muted">Loading…</p>}
        {days?.length === 0 && (
          <p className="calendar-empty">
            <CatalogueWords line={catalogueLine(editorScheduleLines.calendarEmpty)} />
          </p>
        )}
        {days?.map(({ day, label, schedules }) => (
          <section key={day} className="calendar-day" aria-labelledby={`day-${day}`}>
            <h2 id={`day-${day}`}>
              {label}
              {day === today && <span className="calendar-today">Today</span>}
            </h2>
            <ol className="calendar-entries">
              {schedules.map((schedule) => (
                <CalendarEntry key={schedule.id} schedule={schedule} viewer={clock.zone} reviews={reviews} />
              ))}
            </ol>
          </section>
        ))}
      </main>
    </div>
  );
}
