// @vitest-environment node
import { describe, expect, it } from "vitest";
import { canonicalZone, localTimeAt, zonedMoment } from "./schedule-time.ts";

const utc = (iso: string) => Date.parse(iso);
const moment = (at: string, timeZone: string) => ({ kind: "moment", at: utc(at), timeZone });

describe("a wall-clock time in a zone, in UTC", () => {
  it("runs a summer-time day at the person's wall-clock time, whatever the offset when it was chosen", () => {
    // Chosen in December (UTC+1 in Berlin) for a day after the spring change (UTC+2): 09:00 Berlin is 07:00Z.
    expect(zonedMoment("2027-03-29T09:00", "Europe/Berlin")).toEqual(moment("2027-03-29T07:00:00Z", "Europe/Berlin"));
    expect(zonedMoment("2026-12-14T09:00", "Europe/Berlin")).toEqual(moment("2026-12-14T08:00:00Z", "Europe/Berlin"));
    expect(zonedMoment("2027-03-15T09:00", "America/New_York")).toEqual(
      moment("2027-03-15T13:00:00Z", "America/New_York"),
    );
    expect(zonedMoment("2027-01-15T09:00", "America/New_York")).toEqual(
      moment("2027-01-15T14:00:00Z", "America/New_York"),
    );
  });

  it("says a minute the clocks skip in spring does not exist, in Berlin and New York", () => {
    // Berlin: 28 March 2027, 02:00 → 03:00. New York: 14 March 2027, 02:00 → 03:00.
    expect(zonedMoment("2027-03-28T02:30", "Europe/Berlin")).toEqual({ kind: "skipped" });
    expect(zonedMoment("2027-03-28T02:00", "Europe/Berlin")).toEqual({ kind: "skipped" });
    expect(zonedMoment("2027-03-28T01:59", "Europe/Berlin")).toEqual(moment("2027-03-28T00:59:00Z", "Europe/Berlin"));
    expect(zonedMoment("2027-03-28T03:00", "Europe/Berlin")).toEqual(moment("2027-03-28T01:00:00Z", "Europe/Berlin"));
    expect(zonedMoment("2027-03-14T02:15", "America/New_York")).toEqual({ kind: "skipped" });
    expect(zonedMoment("2027-03-14T03:00", "America/New_York")).toEqual(
      moment("2027-03-14T07:00:00Z", "America/New_York"),
    );
  });

  it("takes the earlier of the two moments of an hour the clocks repeat in autumn", () => {
    // Berlin: 31 October 2027, 03:00 → 02:00, so 02:30 happens at 00:30Z and again at 01:30Z.
    expect(zonedMoment("2027-10-31T02:30", "Europe/Berlin")).toEqual(moment("2027-10-31T00:30:00Z", "Europe/Berlin"));
    expect(zonedMoment("2027-10-31T03:00", "Europe/Berlin")).toEqual(moment("2027-10-31T02:00:00Z", "Europe/Berlin"));
    // New York: 7 November 2027, 02:00 → 01:00, so 01:30 happens at 05:30Z and again at 06:30Z.
    expect(zonedMoment("2027-11-07T01:30", "America/New_York")).toEqual(
      moment("2027-11-07T05:30:00Z", "America/New_York"),
    );
    expect(zonedMoment("2027-11-07T02:00", "America/New_York")).toEqual(
      moment("2027-11-07T07:00:00Z", "America/New_York"),
    );
  });

  it("refuses an unknown zone, an offset in place of a zone, and a day or minute that does not exist", () => {
    expect(zonedMoment("2027-01-15T09:00", "Europe/Atlantis")).toEqual({ kind: "unknown-zone" });
    expect(zonedMoment("2027-01-15T09:00", "+01:00")).toEqual({ kind: "unknown-zone" });
    expect(zonedMoment("2027-02-29T09:00", "UTC")).toEqual({ kind: "not-a-time" });
    expect(zonedMoment("2027-04-31T09:00", "UTC")).toEqual({ kind: "not-a-time" });
    expect(zonedMoment("2027-01-15T24:00", "UTC")).toEqual({ kind: "not-a-time" });
    expect(zonedMoment("2027-01-15 09:00", "UTC")).toEqual({ kind: "not-a-time" });
    expect(zonedMoment("2028-02-29T09:00", "UTC")).toEqual(moment("2028-02-29T09:00:00Z", "UTC"));
  });

  it("spells a zone as Intl does, and reads a moment back on a zone's clocks", () => {
    expect(canonicalZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalZone("Nowhere/Special")).toBeUndefined();
    expect(localTimeAt(utc("2027-03-29T07:00:00Z"), "Europe/Berlin")).toBe("2027-03-29T09:00");
    expect(localTimeAt(utc("2027-11-07T06:30:00Z"), "America/New_York")).toBe("2027-11-07T01:30");
  });
});
