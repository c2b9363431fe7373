import { useEffect, useId, useRef, useState } from "react";
import { CalendarClock } from "lucide-react";
import { editorScheduleLines, messageOf, takeDownWords } from "../../../contract/errors.ts";
import { type Schedule, parentAddress } from "../../protocol.ts";
import { comesDownLine, dayOf, whenInWords } from "../../schedule-words.ts";
import { ApiError, type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { meaning } from "./ScheduleForm.tsx";
import { WhenFields } from "./WhenFields.tsx";
import type { ViewerClock } from "./useScheduling.ts";
import "./schedule.css";

const DAY_MS = 86_400_000;

/** The nearest of `addresses` above `address`: its parent, or the parent's parent…, "/" at the top. */
function nearest(address: string, addresses: readonly string[]) {
  let at = parentAddress(address);
  while (at !== "/" && !addresses.includes(at)) at = parentAddress(at);
  return at;
}

/** What a take-down form takes down: a live page, or a request's change (merged, or going live at `after`). */
export type TakeDownTarget =
  | { page: { file: string; path: string; title: string }; change?: undefined }
  | { change: { number: number; title: string; after?: number }; page?: undefined };

/**
 * "Take down…" of a live page or of a request's change: the date, time and zone of the schedule form, the address the
 * page (or each page the change added) then leads to (a page's nearest page above to start with; any page of the site,
 * suggested as one types), and a line that says both in words: "Comes down Thursday 31 December 2026, 23:59 in
 * Berlin; /winter-offer then leads to /pricing".
 */
export function TakeDownForm({
  target,
  addresses,
  clock,
  onClose,
}: {
  target: TakeDownTarget;
  /** Every page's address, which the redirect field suggests. */
  addresses: readonly string[];
  clock: ViewerClock;
  onClose: () => void;
}) {
  const { page, change } = target;
  const others = addresses.filter((address) => address !== page?.path);
  // A change going live at a time comes down after it: the form starts on the day after.
  const [when, setWhen] = useState(() => ({
    date: dayOf(Math.max(clock.now(), change?.after ?? 0) + DAY_MS, clock.zone),
    time: "00:00",
    zone: clock.zone,
  }));
  const [redirect, setRedirect] = useState(() => (page ? nearest(page.path, others) : ""));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [done, setDone] = useState<Schedule | undefined>();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const id = useId();
  const localTime = `${when.date}T${when.time}`;
  const to = redirect.trim();
  const from = page?.path ?? messageOf(editorScheduleLines.addedPages);
  const chosen = meaning(localTime, when.zone, clock, (at, given, viewer) =>
    comesDownLine(at, given, viewer, to ? [{ from, to }] : []),
  );
  const what = page
    ? messageOf(takeDownWords.pages, { pages: `“${page.title}” (${page.path})` })
    : messageOf(takeDownWords.change, change);
  const submit = async () => {
    if (!chosen.zone) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const named = page ? { pages: { [page.file]: to } } : { number: change.number, ...(to && { redirectTo: to }) };
      setDone(await api.takeDown({ ...named, localTime, timeZone: chosen.zone }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <div className="schedule-form" role="status">
        <CatalogueWords
          line={catalogueLine(editorScheduleLines.takeDownSet, {
            what,
            when: whenInWords(done.at, done.timeZone, clock.zone),
          })}
        />{" "}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    );
  return (
    <form
      className="schedule-form"
      aria-labelledby={`${id}-heading`}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-heading`}>Take down {page ? page.path : `request #${change.number}'s change`}</h3>
      <div className="schedule-fields">
        <WhenFields id={id} first={first} when={when} onChange={setWhen} clock={clock} />
        <div className="schedule-zone">
          <label htmlFor={`${id}-redirect`}>Then leads to</label>
          <input
            id={`${id}-redirect`}
            type="search"
            required={page !== undefined}
            list={`${id}-pages`}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-redirect-hint`}
            value={redirect}
            onChange={(event) => setRedirect(event.target.value)}
          />
          <span id={`${id}-redirect-hint`} className="muted schedule-zone-hint">
            {page ? "A page of the site, by its address" : "Empty: each page it added leads to its nearest page above"}
          </span>
          <datalist id={`${id}-pages`}>
            {others.map((address) => (
              <option key={address} value={address} />
            ))}
          </datalist>
        </div>
      </div>
      <p
        id={`${id}-words`}
        className={chosen.zone ? "schedule-words" : "schedule-words schedule-words-problem"}
        aria-live="polite"
      >
        {chosen.zone && <CalendarClock size={16} aria-hidden />} {chosen.words}
      </p>
      {refusal && <CatalogueAlert refusal={refusal} />}
      <div className="schedule-form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || !chosen.zone || (page && !to)}
          aria-describedby={`${id}-words`}
        >
          Take down
        </button>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </form>
  );
}
