import { type RefObject, memo } from "react";
import { dayOf, isTimeZone } from "../../schedule-words.ts";
import type { ViewerClock } from "./useScheduling.ts";

/** Every zone the browser knows, for the zone field's suggestions (read once: there are some 400). */
let zones: string[] | undefined;
const knownZones = () => (zones ??= Intl.supportedValuesOf("timeZone"));

/** The zone field's suggestions, drawn once: they do not change as the person types. */
const ZoneList = memo(function ZoneList({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {knownZones().map((known) => (
        <option key={known} value={known} />
      ))}
    </datalist>
  );
});

/** A wall-clock time in a zone, as a schedule form edits it. */
export interface When {
  date: string;
  time: string;
  zone: string;
}

/**
 * The date, time and time zone of a schedule (to go live or to come down): the date no earlier than today in the zone
 * given, the zone a name of the browser's list, suggested as one types and marked invalid while it is none.
 */
export function WhenFields({
  id,
  first,
  when,
  onChange,
  clock,
}: {
  /** The form's id, which the fields' ids start with. */
  id: string;
  /** The first field, which the form focuses as it opens. */
  first: RefObject<HTMLInputElement | null>;
  when: When;
  onChange: (when: When) => void;
  clock: ViewerClock;
}) {
  const zoneKnown = isTimeZone(when.zone.trim());
  return (
    <>
      <label>
        Date
        <input
          ref={first}
          type="date"
          required
          min={dayOf(clock.now(), zoneKnown ? when.zone.trim() : clock.zone)}
          value={when.date}
          onChange={(event) => onChange({ ...when, date: event.target.value })}
        />
      </label>
      <label>
        Time
        <input
          type="time"
          required
          value={when.time}
          onChange={(event) => onChange({ ...when, time: event.target.value })}
        />
      </label>
      <div className="schedule-zone">
        <label htmlFor={`${id}-zone`}>Time zone</label>
        <input
          id={`${id}-zone`}
          type="text"
          required
          list={`${id}-zones`}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={zoneKnown ? undefined : true}
          aria-describedby={`${id}-zone-hint`}
          value={when.zone}
          onChange={(event) => onChange({ ...when, zone: event.target.value })}
        />
        <span id={`${id}-zone-hint`} className="muted schedule-zone-hint">
          Region and city, as in Europe/Berlin
        </span>
      </div>
      <ZoneList id={`${id}-zones`} />
    </>
  );
}
