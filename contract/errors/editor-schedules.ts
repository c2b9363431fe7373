/** The team editor's scheduled publishing as a publisher's review and the calendar show it (editor/app/schedule/). */
import { info, success } from "./entry.ts";

/**
 * What the review and the calendar say of a schedule: when it goes live in words, what became of it, and what a
 * publisher's Schedule, Change, Cancel and Retry did. The server's refusals of those are its own entries.
 */
export const editorScheduleLines = {
  goesLive: info<{ when: string }>({
    code: "EDIT_SCHEDULE_GOES_LIVE",
    title: "Goes live",
    message: ({ when }) => `Goes live ${when}`,
    hint: "The editor merges the request at that minute, whoever is signed in; until then a publisher may change or cancel it.",
  }),
  goingLive: info<{ when: string }>({
    code: "EDIT_SCHEDULE_GOING_LIVE",
    title: "Going live",
    message: ({ when }) => `Going live now: it was due ${when}`,
    hint: "The editor is merging the request; the review and the calendar say when it is done.",
  }),
  wentLive: info<{ when: string; late?: string }>({
    code: "EDIT_SCHEDULE_WENT_LIVE",
    title: "Went live",
    message: ({ when, late }) => `Went live ${when}${late ? `; it ran ${late} late` : ""}`,
    hint: "The request is merged; its author's Get latest brings it into their copy.",
  }),
  didNotRun: info<{ reason: string }>({
    code: "EDIT_SCHEDULE_DID_NOT_RUN",
    title: "Did not go live",
    message: ({ reason }) => reason,
    hint: "Do what the reason says, then Retry at a new time, or approve and merge the request now.",
  }),
  didNotComeDown: info<{ reason: string }>({
    code: "EDIT_SCHEDULE_DID_NOT_COME_DOWN",
    title: "Did not come down",
    message: ({ reason }) => reason,
    hint: "Do what the reason says, then schedule the take-down again at a new time; nothing of it was published.",
  }),
  timePassed: info<{ when: string }>({
    code: "EDIT_SCHEDULE_TIME_PASSED",
    title: "Time passed",
    message: ({ when }) => `${when} has passed`,
    hint: "Pick a date and time to come.",
  }),
  clocksSkip: info<{ time: string; day: string; place: string }>({
    code: "EDIT_SCHEDULE_CLOCKS_SKIP",
    title: "No such time",
    message: ({ time, day, place }) => `The clocks in ${place} skip ${time} on ${day}, as summer time begins`,
    hint: "Pick a time an hour later or earlier.",
  }),
  notAZone: info<{ zone: string }>({
    code: "EDIT_SCHEDULE_NOT_A_ZONE",
    title: "Not a time zone",
    message: ({ zone }) => `“${zone}” is not a time zone`,
    hint: "Pick one from the list by its region and city, such as Europe/Berlin or America/New_York.",
  }),
  scheduled: success<{ number: number; title: string; when: string }>({
    code: "EDIT_SCHEDULE_SET",
    title: "Scheduled",
    message: ({ number, title, when }) => `Request ${number}, “${title}”, goes live ${when}`,
    hint: "Until then, change or cancel it here; the calendar lists it with the team's other schedules.",
  }),
  moved: success<{ number: number; when: string }>({
    code: "EDIT_SCHEDULE_MOVED",
    title: "Schedule changed",
    message: ({ number, when }) => `Request ${number} now goes live ${when}`,
    hint: "Until then, change or cancel it here; the calendar lists it with the team's other schedules.",
  }),
  calledOff: success<{ number: number }>({
    code: "EDIT_SCHEDULE_CALLED_OFF",
    title: "Schedule cancelled",
    message: ({ number }) => `Request ${number} no longer goes live by itself: its schedule is cancelled`,
    hint: "It stays open for review: approve and merge it, or schedule it again.",
  }),
  retried: success<{ number: number; when: string }>({
    code: "EDIT_SCHEDULE_RETRY_SET",
    title: "Scheduled again",
    message: ({ number, when }) => `Request ${number} goes live ${when}`,
    hint: "Until then, change or cancel it here; the calendar lists it with the team's other schedules.",
  }),
  comesDown: info<{ when: string; leads: string }>({
    code: "EDIT_SCHEDULE_COMES_DOWN",
    title: "Comes down",
    message: ({ when, leads }) => `Comes down ${when}${leads ? `; ${leads}` : ""}`,
    hint: "The editor publishes the removal at that minute, with its redirects, whoever is signed in; until then a publisher may change or cancel it.",
  }),
  leadsTo: info<{ from: string; to: string }>({
    code: "EDIT_SCHEDULE_LEADS_TO",
    title: "Leads to",
    message: ({ from, to }) => `${from} then leads to ${to}`,
    hint: "A removed page's address is redirected, so that no link on the site breaks.",
  }),
  addedPages: info({
    code: "EDIT_SCHEDULE_ADDED_PAGES",
    title: "Pages it added",
    message: "each page it added",
    hint: "A request's change that comes down removes the pages it added; their addresses lead on.",
  }),
  cameDown: info<{ when: string; late?: string }>({
    code: "EDIT_SCHEDULE_CAME_DOWN",
    title: "Came down",
    message: ({ when, late }) => `Came down ${when}${late ? `; it ran ${late} late` : ""}`,
    hint: "The removal and its redirects are merged on the published site.",
  }),
  takeDownSet: success<{ what: string; when: string }>({
    code: "EDIT_SCHEDULE_TAKE_DOWN_SET",
    title: "Take-down scheduled",
    message: ({ what, when }) => `${what} comes down ${when}`,
    hint: "Until then, change or cancel it in the calendar, where it is listed with the team's other schedules.",
  }),
  mergedIntro: info<{ base: string }>({
    code: "EDIT_MERGED_REQUESTS",
    title: "Recently merged",
    message: ({ base }) =>
      `the requests merged into ${base} most recently; Take down… ends one's change at a time: each page it changed returns to its version before, each page it added leads on`,
    hint: "What a publisher takes down once it is live: a campaign's pages at the campaign's end, a seasonal offer after its season.",
  }),
  mergedNone: info<{ base: string }>({
    code: "EDIT_MERGED_NONE",
    title: "Nothing merged yet",
    message: ({ base }) => `no request has been merged into ${base} yet`,
    hint: "A request shows here once a publisher approves and merges it (or its schedule runs); its change can then be taken down at a time.",
  }),
  mergedAt: info<{ when: string; by?: string }>({
    code: "EDIT_MERGED_AT",
    title: "Merged",
    message: ({ when, by }) => `Merged ${when}${by ? ` · asked for by ${by}` : ""}`,
    hint: "When the forge merged the request, in your time zone, and who asked for it in the editor.",
  }),
  calendarEmpty: info({
    code: "EDIT_CALENDAR_EMPTY",
    title: "Nothing scheduled",
    message: "no review request is scheduled to go live, and none ran in the last 30 days",
    hint: "A publisher opens a request in Review, chooses Schedule… beside Approve and merge, and gives a date, a time and a time zone; it shows here until it has run.",
  }),
} as const;

/**
 * A schedule's state as the calendar labels it, read as what will happen, is happening or happened, in its kind's
 * words: a publication goes live, a take-down comes down.
 */
export const scheduleStateWords = {
  goesLive: info({
    code: "EDIT_SCHEDULE_STATE_GOES_LIVE",
    title: "Goes live",
    message: "Goes live",
    hint: "A publication waiting for its time: the editor merges the request then; until then a publisher may change or cancel it.",
  }),
  goingLive: info({
    code: "EDIT_SCHEDULE_STATE_GOING_LIVE",
    title: "Going live",
    message: "Going live",
    hint: "A publication whose time has come: the editor is merging the request now.",
  }),
  wentLive: info({
    code: "EDIT_SCHEDULE_STATE_WENT_LIVE",
    title: "Went live",
    message: "Went live",
    hint: "A publication that ran: the request is merged.",
  }),
  comesDown: info({
    code: "EDIT_SCHEDULE_STATE_COMES_DOWN",
    title: "Comes down",
    message: "Comes down",
    hint: "A take-down waiting for its time: the editor publishes the removal then; until then a publisher may change or cancel it.",
  }),
  comingDown: info({
    code: "EDIT_SCHEDULE_STATE_COMING_DOWN",
    title: "Coming down",
    message: "Coming down",
    hint: "A take-down whose time has come: the editor is publishing the removal now.",
  }),
  cameDown: info({
    code: "EDIT_SCHEDULE_STATE_CAME_DOWN",
    title: "Came down",
    message: "Came down",
    hint: "A take-down that ran: the removal and its redirects are merged.",
  }),
  failed: info({
    code: "EDIT_SCHEDULE_STATE_FAILED",
    title: "Failed",
    message: "Failed",
    hint: "A schedule that did not run: nothing was merged; its reason says what to do before a publisher retries it.",
  }),
  cancelled: info({
    code: "EDIT_SCHEDULE_STATE_CANCELLED",
    title: "Cancelled",
    message: "Cancelled",
    hint: "A schedule a publisher cancelled before its time: nothing ran.",
  }),
} as const;
