import { useState } from "react";
import { editorScheduleLines } from "../../../contract/errors.ts";
import type { Schedule } from "../../protocol.ts";
import { viewerZone, whenInWords } from "../../schedule-words.ts";
import { ApiError, type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { focusAfterRender } from "../focus.ts";

/** What the schedule form is for: a first schedule, a waiting one's new time, or a failed one's retry. */
export type ScheduleMode = "new" | "change" | "retry";

/** The clock and zone the views read: the browser's, or a test's. */
export interface ViewerClock {
  now: () => number;
  zone: string;
}

/** The browser's own clock and zone, which the review and the calendar show schedules in. */
export const BROWSER_CLOCK: ViewerClock = { now: () => Date.now(), zone: viewerZone() };

/** The ids of a request's schedule controls, where the focus goes once one of them has done its work. */
export const scheduleIds = (number: number) => ({
  status: `schedule-status-${number}`,
  open: `schedule-open-${number}`,
  form: `schedule-form-${number}`,
});

/**
 * A request's schedule as a publisher acts on it: the form open (and for what), Schedule, Change, Cancel and Retry
 * sent, the schedules read again after each, and what the last one did in the catalogue's words, or its refusal.
 */
export function useScheduling(
  request: { number: number; title: string },
  schedule: Schedule | undefined,
  clock: ViewerClock,
  reload: () => Promise<void>,
) {
  const [editing, setEditing] = useState<ScheduleMode | null>(null);
  const [line, setLine] = useState<Refusal | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [busy, setBusy] = useState(false);
  const ids = scheduleIds(request.number);

  const send = async (ask: () => Promise<Schedule>, said: (done: Schedule) => Refusal, focus: string) => {
    setBusy(true);
    setRefusal(undefined);
    setLine(undefined);
    try {
      const done = await ask();
      setEditing(null);
      setLine(said(done));
      await reload();
      focusAfterRender(() => document.getElementById(focus));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  const when = (done: Schedule) => whenInWords(done.at, done.timeZone, clock.zone);

  return {
    editing,
    line,
    refusal,
    busy,
    open: (mode: ScheduleMode) => {
      setRefusal(undefined);
      setLine(undefined);
      setEditing(mode);
    },
    close: () => {
      const mode = editing;
      setEditing(null);
      setRefusal(undefined);
      // Back to the control that opened the form: Schedule… beside Merge, or the schedule's Change… or Retry….
      focusAfterRender(() =>
        mode === "new"
          ? document.getElementById(ids.open)
          : document.getElementById(ids.status)?.querySelector("button"),
      );
    },
    /** Schedules, moves or retries the request at `localTime` in `timeZone`, as the open form is for. */
    submit: (localTime: string, timeZone: string) => {
      const { number, title } = request;
      if (editing === "change" && schedule)
        return send(
          () => api.changeSchedule(schedule.id, localTime, timeZone),
          (done) => catalogueLine(editorScheduleLines.moved, { number, when: when(done) }),
          ids.status,
        );
      if (editing === "retry" && schedule)
        return send(
          () => api.retrySchedule(schedule.id, localTime, timeZone),
          (done) => catalogueLine(editorScheduleLines.retried, { number, when: when(done) }),
          ids.status,
        );
      return send(
        () => api.schedule({ number, localTime, timeZone }),
        (done) => catalogueLine(editorScheduleLines.scheduled, { number, title, when: when(done) }),
        ids.status,
      );
    },
    cancel: (id: number) =>
      send(
        () => api.cancelSchedule(id),
        () => catalogueLine(editorScheduleLines.calledOff, { number: request.number }),
        ids.open,
      ),
  };
}

export type Scheduling = ReturnType<typeof useScheduling>;
