/** A moment as the team views show it: the day and time in UTC ("28 Nov 2026, 09:30 UTC"), the same for everyone. */
export const when = (at: number) =>
  new Date(at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
