import { useEffect, useId, useRef, useState } from "react";
import { CalendarClock } from "lucide-react";
import { editorScheduleLines, messageOf, takeDownWords } from "../../../contract/errors.ts";
import type { PageSummary, Schedule } from "../../protocol.ts";
import { comesDownLine, dayOf, whenInWords } from "../../schedule-words.ts";
import { ApiError, type Refusal, api, catalogueLine, refusalOf } from "../api.ts";
import { useAnswer } from "../useAnswer.ts";
import { type PageVersion, nearest, siteVersions } from "./page-versions.ts";
import { CatalogueAlert, CatalogueWords } from "../CatalogueAlert.tsx";
import { meaning } from "./ScheduleForm.tsx";
import { WhenFields } from "./WhenFields.tsx";
import type { ViewerClock } from "./useScheduling.ts";
import "./schedule.css";

const DAY_MS = 86_400_000;

/** What a take-down form takes down: a live page, or a request's change (merged, or going live at `after`). */
export type TakeDownTarget =
  | { page: { file: string; path: string; title: string }; change?: undefined }
  | { change: { number: number; title: string; after?: number }; page?: undefined };

/**
 * "Take down…" of a live page or of a request's change: the date, time and zone of the schedule form, the address the
 * page (or each page the change added) then leads to (a page's nearest page above to start with; any page of the site,
 * suggested as one types), a page's translations (each checked: a page comes down in every language unless one is
 * unchecked), and a line that says it all in words: "Comes down Thursday 31 December 2026, 23:59 in Berlin;
 * /winter-offer then leads to /pricing; /de/winterangebot then leads to /de/preise".
 */
export function TakeDownForm({
  target,
  pages,
  clock,
  onClose,
  onScheduled,
}: {
  target: TakeDownTarget;
  /** Every page of the site, whose addresses the redirect field suggests. */
  pages: readonly PageSummary[];
  clock: ViewerClock;
  onClose: () => void;
  /** Told once the take-down is scheduled (its dialog tells its view when it closes). */
  onScheduled?: () => void;
}) {
  const { page, change } = target;
  const others = pages.map((one) => one.path).filter((address) => address !== page?.path);
  // A page's versions in the site's other locales, which come down with it unless unchecked.
  const overview = useAnswer(page ? api.translations : null);
  const versions = overview.answer && siteVersions(pages, overview.answer);
  const translations = (page && versions?.of(page.file).filter((version) => version.file !== page.file)) || [];
  const [kept, setKept] = useState<ReadonlySet<string>>(new Set());
  const alsoDown = translations.filter((version) => !kept.has(version.file));
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
  /** The page a translation then leads to: the redirect's own version in its language, else '' (its nearest page above). */
  const leadOf = (version: PageVersion) => (to && versions?.inLocale(to, version.locale)?.path) || "";
  const leaving = new Set([page?.path, ...alsoDown.map((version) => version.path)]);
  const redirects = [
    ...(to ? [{ from, to }] : []),
    ...alsoDown.map((version) => ({
      from: version.path,
      to:
        leadOf(version) ||
        nearest(
          version.path,
          (versions?.addressesIn(version.locale) ?? []).filter((address) => !leaving.has(address)),
        ),
    })),
  ];
  const chosen = meaning(localTime, when.zone, clock, (at, given, viewer) =>
    comesDownLine(at, given, viewer, redirects),
  );
  const what = page
    ? messageOf(takeDownWords.pages, {
        pages: [page, ...alsoDown].map((one) => `“${one.title}” (${one.path})`).join(", "),
      })
    : messageOf(takeDownWords.change, change);
  const submit = async () => {
    if (!chosen.zone) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const named = page
        ? {
            pages: Object.fromEntries([[page.file, to], ...alsoDown.map((version) => [version.file, leadOf(version)])]),
          }
        : { number: change.number, ...(to && { redirectTo: to }) };
      setDone(await api.takeDown({ ...named, localTime, timeZone: chosen.zone }));
      onScheduled?.();
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
      {/* Said, so that nobody takes a page down believing it has no translation. */}
      {overview.failure && <CatalogueAlert refusal={overview.failure} />}
      {translations.length > 0 && (
        <fieldset className="take-down-versions">
          <legend>Its translations, taken down with it</legend>
          {translations.map((version) => (
            <label key={version.file}>
              <input
                type="checkbox"
                checked={!kept.has(version.file)}
                onChange={(event) => {
                  const next = new Set(kept);
                  if (event.target.checked) next.delete(version.file);
                  else next.add(version.file);
                  setKept(next);
                }}
              />
              <span>
                <span lang={version.locale}>{version.language}</span>{" "}
                <span className="muted">
                  <span lang={version.locale}>“{version.title}”</span> ({version.path})
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
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
