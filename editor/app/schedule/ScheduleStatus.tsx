import { CalendarClock, CircleAlert, CircleCheck, CircleSlash, LoaderCircle } from "lucide-react";
import { editorScheduleLines } from "../../../contract/errors.ts";
import type { Schedule, ScheduleState } from "../../protocol.ts";
import { lateness, whenInWords } from "../../schedule-words.ts";
import { catalogueLine } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { type Scheduling, type ViewerClock, scheduleIds } from "./useScheduling.ts";
import "./schedule.css";

/**
 * The schedule a request's review shows: one waiting or running, else the last that failed or ran; a cancelled one is
 * history, which the calendar keeps.
 */
export function currentSchedule(schedules: readonly Schedule[], number: number): Schedule | undefined {
  const own = schedules.filter((schedule) => schedule.request?.number === number && schedule.state !== "cancelled");
  return (
    own.find((schedule) => schedule.state === "waiting" || schedule.state === "running") ??
    own.sort((a, b) => b.updatedAt - a.updatedAt)[0]
  );
}

/** Each schedule state's icon, in the request's status and in the calendar. */
export const SCHEDULE_ICONS: Record<ScheduleState, typeof CalendarClock> = {
  waiting: CalendarClock,
  running: LoaderCircle,
  done: CircleCheck,
  failed: CircleAlert,
  cancelled: CircleSlash,
};

/** What became of a schedule, in the catalogue's words. */
function lineOf(schedule: Schedule, viewer: string) {
  const when = (at: number) => whenInWords(at, schedule.timeZone, viewer);
  switch (schedule.state) {
    case "failed":
      return catalogueLine(editorScheduleLines.didNotRun, { reason: schedule.failure?.message ?? "" });
    case "done":
      return catalogueLine(editorScheduleLines.wentLive, {
        when: when(schedule.ranAt ?? schedule.at),
        late: lateness(schedule.lateByMs),
      });
    case "running":
      return catalogueLine(editorScheduleLines.goingLive, { when: when(schedule.at) });
    default:
      return catalogueLine(editorScheduleLines.goesLive, { when: when(schedule.at) });
  }
}

/**
 * A request's schedule in its review: when it goes live (or what became of it) and who scheduled it; for a
 * publisher, Change… and Cancel schedule while it waits, Retry… once it failed. A confirmation or refusal of the last of these
 * is said below it.
 */
export function ScheduleStatus({
  number,
  schedule,
  scheduling,
  clock,
}: {
  number: number;
  schedule: Schedule | undefined;
  /** A publisher's controls; without them (a request no longer open), the schedule's line alone. */
  scheduling?: Scheduling;
  clock: ViewerClock;
}) {
  const ids = scheduleIds(number);
  const shown = schedule?.state === "cancelled" ? undefined : schedule;
  const Icon = shown && SCHEDULE_ICONS[shown.state];
  return (
    <>
      {shown && Icon && (
        <div id={ids.status} className={`schedule-status schedule-${shown.state}`} tabIndex={-1}>
          <Icon size={20} aria-hidden className="schedule-icon" />
          <div className="schedule-text">
            {shown.state === "failed" ? (
              <p>
                <CatalogueWords line={lineOf(shown, clock.zone)} />
              </p>
            ) : (
              <p className="schedule-when">{lineOf(shown, clock.zone).message}</p>
            )}
            <p className="muted">
              Scheduled by {shown.scheduledBy.name} ({shown.scheduledBy.email})
            </p>
          </div>
          {scheduling && shown.state === "waiting" && !scheduling.editing && (
            <div className="schedule-buttons">
              <button type="button" className="button button-small" onClick={() => scheduling.open("change")}>
                Change…
              </button>
              <button
                type="button"
                className="button button-small button-danger-ghost"
                disabled={scheduling.busy}
                onClick={() => void scheduling.cancel(shown.id)}
              >
                Cancel schedule
              </button>
            </div>
          )}
          {scheduling && shown.state === "failed" && !scheduling.editing && (
            <div className="schedule-buttons">
              <button type="button" className="button button-small" onClick={() => scheduling.open("retry")}>
                Retry…
              </button>
            </div>
          )}
        </div>
      )}
      {scheduling && (
        <p role="status" className="schedule-notice">
          {scheduling.line && <CatalogueWords line={scheduling.line} />}
        </p>
      )}
      {scheduling?.refusal && !scheduling.editing && <CatalogueAlert refusal={scheduling.refusal} />}
    </>
  );
}
