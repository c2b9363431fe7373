import { CalendarCheck, CalendarX, CircleAlert, ExternalLink } from "lucide-react";
import { asSentence, editorScheduleLines, messageOf } from "../../../contract/errors.ts";
import type { MergedRequestsAnswer, PageSummary, Schedule } from "../../protocol.ts";
import { comesDownLine, dayInWords, lateness, timeOf, whenInWords } from "../../schedule-words.ts";
import { api, catalogueLine } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { TakeDownControl } from "../schedule/TakeDownControl.tsx";
import type { ViewerClock } from "../schedule/useScheduling.ts";
import { focusAfterRender } from "../focus.ts";
import { useAnswer } from "../useAnswer.ts";
import "./merged-requests.css";

type Merged = MergedRequestsAnswer["requests"][number];

/**
 * The take-down of a request's change the review shows: one waiting or running, else the last that ran or failed; a
 * cancelled one is history, which the calendar keeps.
 */
function takeDownOf(schedules: readonly Schedule[], number: number): Schedule | undefined {
  const own = schedules.filter(
    (schedule) => schedule.takeDown?.change?.number === number && schedule.state !== "cancelled",
  );
  return (
    own.find((schedule) => schedule.state === "waiting" || schedule.state === "running") ??
    own.sort((a, b) => b.updatedAt - a.updatedAt)[0]
  );
}

/** Where a take-down of a change stands, in the catalogue's words: when it comes down, when it came down, or why not. */
function TakeDownLine({ id, schedule, viewer }: { id: string; schedule: Schedule; viewer: string }) {
  const when = (at: number) => whenInWords(at, schedule.timeZone, viewer);
  const to = schedule.takeDown?.change?.redirectTo;
  if (schedule.state === "failed")
    return (
      <p id={id} tabIndex={-1} className="merged-take-down merged-take-down-failed">
        <CircleAlert size={16} aria-hidden />
        <span>
          <CatalogueWords
            line={catalogueLine(editorScheduleLines.didNotComeDown, { reason: schedule.failure?.message ?? "" })}
          />
        </span>
      </p>
    );
  if (schedule.state === "done")
    return (
      <p id={id} tabIndex={-1} className="merged-take-down merged-take-down-done">
        <CalendarCheck size={16} aria-hidden />
        <span>
          {messageOf(editorScheduleLines.cameDown, {
            when: when(schedule.ranAt ?? schedule.at),
            late: lateness(schedule.lateByMs),
          })}
        </span>
      </p>
    );
  return (
    <p id={id} tabIndex={-1} className="merged-take-down">
      <CalendarX size={16} aria-hidden />
      <span>
        {comesDownLine(
          schedule.at,
          schedule.timeZone,
          viewer,
          to ? [{ from: messageOf(editorScheduleLines.addedPages), to }] : [],
        )}
        <span className="muted"> · scheduled by {schedule.scheduledBy.name}</span>
      </span>
    </p>
  );
}

/** One merged request: its title (to the forge's page), when it was merged, what it changed, and its take-down. */
function MergedEntry({
  request,
  takeDown,
  pages,
  clock,
  onScheduled,
}: {
  request: Merged;
  takeDown: Schedule | undefined;
  pages: readonly PageSummary[];
  clock: ViewerClock;
  onScheduled: () => Promise<void>;
}) {
  const titleId = `merged-${request.number}`;
  // A change that comes down, or came down, is not taken down twice; a failed take-down is scheduled anew.
  const offered = !takeDown || takeDown.state === "failed";
  return (
    <li className="merged-request" aria-labelledby={titleId}>
      <div className="merged-text">
        <h3 id={titleId}>
          {request.title}{" "}
          <a href={request.url} target="_blank" rel="noreferrer" className="muted request-number">
            #{request.number} <ExternalLink size={13} aria-label="opens the forge's page" />
          </a>
        </h3>
        <p className="muted">
          {messageOf(editorScheduleLines.mergedAt, {
            when: `${dayInWords(request.mergedAt, clock.zone)}, ${timeOf(request.mergedAt, clock.zone)}`,
            by: request.askedBy?.name,
          })}
        </p>
        {request.changes.length > 0 && (
          <ul className="merged-changes" aria-label={`What request #${request.number} changed`}>
            {request.changes.map((change) => (
              <li key={change.file}>
                {change.path ?? change.file} <span className="muted">({change.kind})</span>
              </li>
            ))}
          </ul>
        )}
        {takeDown && <TakeDownLine id={`${titleId}-take-down`} schedule={takeDown} viewer={clock.zone} />}
      </div>
      {offered && (
        <div className="merged-actions">
          <TakeDownControl
            target={{ change: { number: request.number, title: request.title } }}
            pages={pages}
            onScheduled={() => {
              // Its control gives way to the line that says when it comes down, which takes the focus.
              void onScheduled().then(() => focusAfterRender(() => document.getElementById(`${titleId}-take-down`)));
            }}
          />
        </div>
      )}
    </li>
  );
}

/**
 * A publisher's requests merged most recently, in the review under the open ones: each with when it was merged, what
 * it changed and Take down…, which schedules the end of its change; or, where one is scheduled, when it comes down.
 * `only` shows one request (its own address), and nothing when it is not among them.
 */
export function MergedRequests({
  only,
  pages,
  schedules,
  clock,
  onScheduled,
}: {
  only?: number;
  pages: readonly PageSummary[];
  schedules: readonly Schedule[];
  clock: ViewerClock;
  /** Reads the schedules again, once a take-down is scheduled. */
  onScheduled: () => Promise<void>;
}) {
  const { answer, failure } = useAnswer(api.mergedRequests);
  const shown = answer?.requests.filter((request) => only === undefined || request.number === only);
  if (only !== undefined && !shown?.length) return null;
  return (
    <section className="merged-requests" aria-labelledby="merged-heading">
      <h2 id="merged-heading">{editorScheduleLines.mergedIntro.title}</h2>
      {answer && (
        <p className="muted">{asSentence(messageOf(editorScheduleLines.mergedIntro, { base: answer.base }))}</p>
      )}
      {failure && <CatalogueAlert refusal={failure} />}
      {!answer && !failure && <p className="muted">Loading…</p>}
      {answer && shown?.length === 0 && (
        <p className="merged-empty">
          <CatalogueWords line={catalogueLine(editorScheduleLines.mergedNone, { base: answer.base })} />
        </p>
      )}
      {shown && shown.length > 0 && (
        <ul className="merged-list">
          {shown.map((request) => (
            <MergedEntry
              key={request.number}
              request={request}
              takeDown={takeDownOf(schedules, request.number)}
              pages={pages}
              clock={clock}
              onScheduled={onScheduled}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
