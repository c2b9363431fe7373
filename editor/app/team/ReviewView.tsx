import { useCallback, useEffect, useState } from "react";
import { CalendarClock, ExternalLink, GitMerge, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { EDITOR_VIEWS, type RequestsAnswer, type Schedule, requestAddress } from "../../protocol.ts";
import { ApiError, type Bootstrap, type Refusal, api, refusalOf } from "../api.ts";
import { PageComparison, versionsOf } from "../changes/Comparison.tsx";
import { CatalogueAlert } from "../CatalogueAlert.tsx";
import { Topbar } from "../Topbar.tsx";
import { useArrivalFocus } from "../focus.ts";
import { ScheduleForm } from "../schedule/ScheduleForm.tsx";
import { TakeDownControl } from "../schedule/TakeDownControl.tsx";
import { ScheduleStatus, currentSchedule } from "../schedule/ScheduleStatus.tsx";
import { BROWSER_CLOCK, type ViewerClock, scheduleIds, useScheduling } from "../schedule/useScheduling.ts";
import { useAnswer } from "../useAnswer.ts";
import { MergedRequests } from "./MergedRequests.tsx";
import { RequestPreview } from "./RequestPreview.tsx";
import "./review-view.css";

const CHECKS = { passing: "Checks passing", failing: "Checks failing", pending: "Checks running", none: "No checks" };

type Request = RequestsAnswer["requests"][number];

/** A page of a request before and after, as the Changes view compares them: where it started, and on its branch. */
function RequestPageComparison({
  request,
  file,
  name,
  boot,
}: {
  request: Request;
  file: string;
  name: string;
  boot: Bootstrap;
}) {
  return (
    <PageComparison
      file={file}
      name={name}
      boot={boot}
      load={useCallback(
        () => api.requestVersions(request.number, file).then(({ before, after }) => versionsOf(before, after)),
        [request.number, file],
      )}
      before={{
        label: "Published version",
        caption: "where the request started",
        missing: "Not on the site: a new page.",
      }}
      after={{ label: "Requested version", caption: request.branch, missing: "Deleted by the request." }}
    />
  );
}

/**
 * One request: what it changes in words, who asked, its checks, its schedule; merged now or at a time, or sent back
 * with a comment.
 */
function RequestCard({
  request,
  boot,
  listed,
  schedule,
  clock,
  onSchedulesChanged,
  onMerge,
  onSendBack,
}: {
  request: Request;
  boot: Bootstrap;
  /** Shown among the others: its title leads to its own address, which a publisher shares or bookmarks. */
  listed: boolean;
  schedule: Schedule | undefined;
  clock: ViewerClock;
  onSchedulesChanged: () => Promise<void>;
  onMerge: () => Promise<void>;
  onSendBack: (comment: string) => Promise<void>;
}) {
  const scheduling = useScheduling(request, schedule, clock, onSchedulesChanged);
  // A request with a schedule that has not run is scheduled already: its Change… or Retry… moves it.
  const scheduled = schedule !== undefined && schedule.state !== "done";
  const [comment, setComment] = useState("");
  // The page whose before and after is open, one at a time.
  const [compared, setCompared] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => async () => {
    setBusy(true);
    await action();
    setBusy(false);
  };
  const titleId = `request-${request.number}`;
  return (
    <article className="review-request" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {listed ? <Link to={requestAddress(request.number)}>{request.title}</Link> : request.title}{" "}
        <a href={request.url} target="_blank" rel="noreferrer" className="muted request-number">
          #{request.number} <ExternalLink size={14} aria-label="opens the forge's page" />
        </a>
      </h2>
      <p className="muted">
        {request.askedBy ? `Asked for by ${request.askedBy.name} (${request.askedBy.email})` : "Opened in the forge"} ·{" "}
        <span className={`checks checks-${request.checks}`}>{CHECKS[request.checks]}</span>
      </p>
      {request.failed && request.failed.length > 0 && (
        <ul className="failed-checks" aria-label={`Checks that failed on #${request.number}`}>
          {request.failed.map((check) => (
            <li key={check.name}>
              {check.url ? (
                <a href={check.url} target="_blank" rel="noreferrer">
                  {check.name} <ExternalLink size={13} aria-hidden />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                check.name
              )}
            </li>
          ))}
        </ul>
      )}
      <ul className="review-changes">
        {request.changes.map((change) => (
          <li key={change.file}>
            <strong>{change.path ?? change.file}</strong> <span className="muted">({change.kind})</span>
            {change.fields.length > 0 && <span> — {change.fields.join("; ")}</span>}
            {change.file.startsWith("site-config/") && (
              <>
                {" "}
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Before and after of ${change.path ?? change.file}`}
                  aria-expanded={compared === change.file}
                  onClick={() => setCompared(compared === change.file ? null : change.file)}
                >
                  Before and after
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {compared && (
        <RequestPageComparison
          request={request}
          file={compared}
          name={request.changes.find((change) => change.file === compared)?.path ?? compared}
          boot={boot}
        />
      )}
      <RequestPreview
        number={request.number}
        canShare={boot.person?.role === "publisher" || boot.person?.role === "admin"}
      />
      <ScheduleStatus number={request.number} schedule={schedule} scheduling={scheduling} clock={clock} />
      <div className="review-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={act(onMerge)}>
          <GitMerge size={16} aria-hidden /> Approve and merge
        </button>
        {!scheduled && (
          <button
            type="button"
            id={scheduleIds(request.number).open}
            className="button"
            aria-expanded={scheduling.editing === "new"}
            aria-controls={scheduling.editing === "new" ? scheduleIds(request.number).form : undefined}
            onClick={() => (scheduling.editing === "new" ? scheduling.close() : scheduling.open("new"))}
          >
            <CalendarClock size={16} aria-hidden /> Schedule…
          </button>
        )}
        {schedule?.state === "waiting" && (
          <TakeDownControl
            target={{ change: { number: request.number, title: request.title, after: schedule.at } }}
            pages={boot.pages}
          />
        )}
        <label className="review-comment">
          Comment for its author
          <textarea rows={2} value={comment} onChange={(event) => setComment(event.target.value)} />
        </label>
        <button type="button" className="button" disabled={busy} onClick={act(() => onSendBack(comment))}>
          <Undo2 size={16} aria-hidden /> Send back
        </button>
      </div>
      {scheduling.editing && (
        <ScheduleForm
          key={scheduling.editing}
          number={request.number}
          scheduling={scheduling}
          schedule={schedule}
          clock={clock}
        />
      )}
    </article>
  );
}

/**
 * A publisher's review: the team's open requests, or the one `number` names (its own address), each merged or sent
 * back here, through the forge; under them the requests merged most recently, whose changes are taken down at a time.
 */
export function ReviewView({
  arrived,
  boot,
  number,
  clock = BROWSER_CLOCK,
  onBack,
}: {
  arrived: boolean;
  boot: Bootstrap;
  number?: number;
  clock?: ViewerClock;
  onBack: () => void;
}) {
  const heading = useArrivalFocus(arrived);
  const [answer, setAnswer] = useState<RequestsAnswer | null>(null);
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [notice, setNotice] = useState("");
  const refuse = (error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    setRefusal(refusalOf(error));
  };
  const load = useCallback(() => api.requests().then(setAnswer, refuse), []);
  useEffect(() => void load(), [load]);
  const schedules = useAnswer(api.schedules);
  const run = async (action: () => Promise<{ message: string }>) => {
    setRefusal(undefined);
    try {
      setNotice((await action()).message);
      // The schedules are read again too, so that a request and its schedule line never tell two stories.
      await Promise.all([load(), schedules.reload()]);
    } catch (error) {
      refuse(error);
    }
  };
  const shown = answer?.requests.filter((request) => number === undefined || request.number === number);
  return (
    <div className="changes-view">
      <Topbar
        heading={heading}
        title={number === undefined ? "Review requests" : `Review request #${number}`}
        detail={answer ? `open requests into ${answer.base}` : ""}
        onBack={onBack}
      />
      <main className="pages" id="main">
        {refusal && <CatalogueAlert refusal={refusal} />}
        {schedules.failure && <CatalogueAlert refusal={schedules.failure} />}
        <p role="status" className="muted">
          {notice}
        </p>
        {shown?.length === 0 && (
          <p className="muted">
            {number === undefined
              ? "No request waits for review."
              : `Request #${number} waits for no review: it was merged or sent back, or is not open.`}
          </p>
        )}
        {shown?.length === 0 && number !== undefined && (
          <ScheduleStatus
            number={number}
            schedule={currentSchedule(schedules.answer?.schedules ?? [], number)}
            clock={clock}
          />
        )}
        {number !== undefined && (
          <p>
            <Link to={EDITOR_VIEWS.review}>All open requests</Link>
          </p>
        )}
        {shown?.map((request) => (
          <RequestCard
            key={request.number}
            request={request}
            boot={boot}
            listed={number === undefined}
            schedule={currentSchedule(schedules.answer?.schedules ?? [], request.number)}
            clock={clock}
            onSchedulesChanged={schedules.reload}
            onMerge={() => run(() => api.mergeRequest(request.number))}
            onSendBack={(comment) => run(() => api.sendBack(request.number, comment))}
          />
        ))}
        {/* Once the open requests are read: a request's own address shows it here only when it is no longer open. */}
        {shown && (number === undefined || shown.length === 0) && (
          <MergedRequests
            only={number}
            pages={boot.pages}
            schedules={schedules.answer?.schedules ?? []}
            clock={clock}
            onScheduled={schedules.reload}
          />
        )}
      </main>
    </div>
  );
}
