/** Scheduled publishing in the team editor: a publisher's refused schedules, and why a schedule's run failed. */
import { entry, info } from "./entry.ts";

/** A schedule's time as messages show it: "2026-12-14 09:00 (Europe/Berlin)". */
interface When {
  time: string;
}

/** What the schedule routes refuse, each with the status it answers. */
export const editorScheduleErrors = {
  unknownZone: entry<{ zone: string }>({
    code: "EDIT_SCHEDULE_UNKNOWN_ZONE",
    status: 400,
    title: "Unknown time zone",
    message: ({ zone }) => `'${zone}' is not a time zone the editor knows.`,
    hint: 'Give an IANA zone by its name, such as "Europe/Berlin" or "America/New_York" (not an offset such as +01:00).',
  }),
  notATime: entry<{ localTime: string }>({
    code: "EDIT_SCHEDULE_NOT_A_TIME",
    status: 400,
    title: "Not a date and time",
    message: ({ localTime }) => `'${localTime}' is not a day and a minute of the calendar.`,
    hint: 'Give the time as YYYY-MM-DDTHH:MM, such as "2026-12-14T09:00", on a day the month has.',
  }),
  skippedTime: entry<{ time: string }>({
    code: "EDIT_SCHEDULE_SKIPPED_TIME",
    status: 400,
    title: "That time does not exist there",
    message: ({ time }) =>
      `${time} does not exist: the clocks of that zone jump over it as summer time begins, so nothing can run then.`,
    hint: "Choose a time before the change or after it (an hour later shows on the clocks as the time you meant).",
  }),
  past: entry<When>({
    code: "EDIT_SCHEDULE_IN_PAST",
    status: 400,
    title: "That time has passed",
    message: ({ time }) => `${time} has already passed.`,
    hint: "Choose a time to come, or merge the request now from the review.",
  }),
  tooFar: entry<When>({
    code: "EDIT_SCHEDULE_TOO_FAR",
    status: 400,
    title: "Too far ahead",
    message: ({ time }) => `${time} is more than a year from now.`,
    hint: "Schedule a request within a year; a change for later waits as an open request until then.",
  }),
  already: entry<{ number: number; time: string }>({
    code: "EDIT_SCHEDULE_ALREADY",
    status: 409,
    title: "Already scheduled",
    message: ({ number, time }) => `Request ${number} is already scheduled to go live at ${time}.`,
    hint: "Change that schedule's time in the calendar, or cancel it first.",
  }),
  alreadyTakenDown: entry<{ number: number; time: string }>({
    code: "EDIT_SCHEDULE_TAKE_DOWN_ALREADY",
    status: 409,
    title: "Take-down already scheduled",
    message: ({ number, time }) => `The change of request ${number} is already scheduled to come down at ${time}.`,
    hint: "Change that take-down's time in the calendar, or cancel it first.",
  }),
  takeDownWhat: entry({
    code: "EDIT_SCHEDULE_TAKE_DOWN_WHAT",
    status: 400,
    title: "What comes down?",
    message: "A take-down names either pages or a request's change, and this one names neither or both.",
    hint: "Give `pages` (the live pages' files) or `number` (a merged request), not both.",
  }),
  pageNotLive: entry<{ file: string }>({
    code: "EDIT_SCHEDULE_PAGE_NOT_LIVE",
    status: 404,
    title: "Not a live page",
    message: ({ file }) => `${file} is not a page of the published site, so it cannot be taken down.`,
    hint: "Choose a page from the page list that is published (not one only in your drafts); Get latest shows the site as it is.",
  }),
  redirectNotAPage: entry<{ address: string }>({
    code: "EDIT_SCHEDULE_REDIRECT_NOT_A_PAGE",
    status: 400,
    title: "Redirect to no page",
    message: ({ address }) =>
      `${address} is not a page of the published site that stays, so a removed page cannot lead there.`,
    hint: "Pick a page that exists and is not itself coming down, or leave the redirect empty for the page's parent.",
  }),
  notMerged: entry<{ number: number }>({
    code: "EDIT_SCHEDULE_NOT_MERGED",
    status: 409,
    title: "Not live",
    message: ({ number }) =>
      `Request ${number} is neither merged nor scheduled to go live before then, so there is nothing of it to take down.`,
    hint: "Take down a merged request's change, or schedule the request to go live first and its take-down after that.",
  }),
  notFound: entry<{ id: number }>({
    code: "EDIT_SCHEDULE_NOT_FOUND",
    status: 404,
    title: "No such schedule",
    message: ({ id }) => `There is no schedule ${id}.`,
    hint: "The calendar lists the schedules as they are now: reload it.",
  }),
  notWaiting: entry<{ id: number; state: string }>({
    code: "EDIT_SCHEDULE_NOT_WAITING",
    status: 409,
    title: "No longer waiting",
    message: ({ id, state }) => `Schedule ${id} is ${state}, so it can no longer be changed or cancelled.`,
    hint: "Only a schedule waiting for its time changes; a failed one is retried at a new time.",
  }),
  notFailed: entry<{ id: number; state: string }>({
    code: "EDIT_SCHEDULE_NOT_FAILED",
    status: 409,
    title: "Nothing to retry",
    message: ({ id, state }) => `Schedule ${id} is ${state}, not failed, so there is nothing to retry.`,
    hint: "Change a waiting schedule's time instead; a done or cancelled one is scheduled anew.",
  }),
} as const;

/** Why a schedule's run failed: kept with the schedule, shown in the calendar and e-mailed. Nothing was merged. */
export const scheduleRunErrors = {
  closed: entry<{ number: number }>({
    code: "EDIT_SCHEDULE_REQUEST_CLOSED",
    title: "Request closed",
    message: ({ number }) => `Request ${number} was closed without being merged, so it did not go live.`,
    hint: "Reopen the request on the forge (or publish the change again), then retry the schedule at a new time.",
  }),
  checksFailing: entry<{ number: number; checks: string }>({
    code: "EDIT_SCHEDULE_CHECKS_FAILING",
    title: "Checks failing",
    message: ({ number, checks }) => `Request ${number} was not merged: its checks fail (${checks}).`,
    hint: "Have the request fixed until its checks pass, then retry the schedule at a new time.",
  }),
  notMergeable: entry<{ number: number; forge: string }>({
    code: "EDIT_SCHEDULE_NOT_MERGEABLE",
    title: "Not mergeable",
    message: ({ number, forge }) =>
      `${forge} refused to merge request ${number}: it conflicts with the published site, or the repository's rules do not allow it yet.`,
    hint: "Open the request on the forge to see why; once it can be merged, retry the schedule at a new time.",
  }),
  forgeUnreachable: entry<{ number: number; forge: string }>({
    code: "EDIT_SCHEDULE_FORGE_UNREACHABLE",
    title: "Forge not reachable",
    message: ({ number, forge }) => `${forge} could not be reached at the time, so request ${number} was not merged.`,
    hint: "Check the editor's connection to the forge (GITHUB_API_URL or CI_API_V4_URL), then retry the schedule.",
  }),
  noPermission: entry<{ number: number; forge: string }>({
    code: "EDIT_SCHEDULE_NO_PERMISSION",
    title: "No permission to merge",
    message: ({ number, forge }) => `${forge} says the editor's token may not merge request ${number}.`,
    hint: "Give the editor's service a token with write rights on pull or merge requests, then retry the schedule.",
  }),
  failed: entry<{ number: number; reason: string }>({
    code: "EDIT_SCHEDULE_RUN_FAILED",
    title: "Schedule not run",
    message: ({ number, reason }) => `Request ${number} was not merged: ${reason}`,
    hint: "Fix what the reason names, then retry the schedule at a new time.",
  }),
  pageGone: entry<{ page: string }>({
    code: "EDIT_SCHEDULE_PAGE_GONE",
    title: "Page no longer there",
    message: ({ page }) =>
      `${page} is no longer on the published site, so nothing was taken down: the take-down was to remove it.`,
    hint: "See in the page's history who removed it; schedule a take-down of what is still there, if anything.",
  }),
  changedSince: entry<{ number: number; files: string }>({
    code: "EDIT_SCHEDULE_CHANGED_SINCE",
    title: "Changed since it went live",
    message: ({ number, files }) =>
      `The change of request ${number} was not taken down: ${files} changed on the published site after it went live, and restoring the version before it would drop those later edits.`,
    hint: "Undo what should come down by hand in the editor and publish that, or take down the pages themselves.",
  }),
  redirectNowhere: entry<{ from: string; to: string }>({
    code: "EDIT_SCHEDULE_REDIRECT_NOWHERE",
    title: "Redirect to no page",
    message: ({ from, to }) =>
      `Nothing was taken down: ${from} was to lead to ${to}, which is not a page of the published site (any more).`,
    hint: "Retry the take-down at a new time with a redirect to a page that exists.",
  }),
  notLive: entry<{ number: number }>({
    code: "EDIT_SCHEDULE_NOT_LIVE",
    title: "Not live",
    message: ({ number }) =>
      `Request ${number} has not gone live (it is not merged), so there is nothing of it to take down.`,
    hint: "Once the request is merged, retry the take-down at a new time, or cancel it.",
  }),
  noMergeCommit: entry<{ number: number; forge: string }>({
    code: "EDIT_SCHEDULE_NO_MERGE_COMMIT",
    title: "Merge not found",
    message: ({ number, forge }) =>
      `${forge} does not name the commit that merged request ${number} into the published site's branch, so its change could not be undone.`,
    hint: "Take down the pages themselves, or undo the change by hand in the editor and publish that.",
  }),
  takeDownFailed: entry<{ what: string; reason: string }>({
    code: "EDIT_SCHEDULE_TAKE_DOWN_FAILED",
    title: "Take-down not run",
    message: ({ what, reason }) => `${what} was not taken down: ${reason}`,
    hint: "Fix what the reason names, then retry the take-down at a new time.",
  }),
} as const;

/** The words of the request a take-down opens on the forge: what comes down and why. */
export const takeDownWords = {
  title: info<{ what: string }>({
    code: "EDIT_TAKE_DOWN_TITLE",
    title: "Take-down request title",
    message: ({ what }) => `Take down ${what}`,
    hint: "The title of the request the editor opens and merges at a take-down's time.",
  }),
  body: info<{ what: string; by: string; time: string; redirects: string }>({
    code: "EDIT_TAKE_DOWN_BODY",
    title: "Take-down request description",
    message: ({ what, by, time, redirects }) =>
      [
        `${what} comes down at ${time}, as ${by} scheduled it in the team page editor.`,
        "",
        redirects ? `So that no link breaks, these addresses then lead on:\n\n${redirects}` : "It removes no page.",
      ].join("\n"),
    hint: "The description of the request the editor opens and merges at a take-down's time.",
  }),
  pages: info<{ pages: string }>({
    code: "EDIT_TAKE_DOWN_PAGES",
    title: "Pages taken down",
    message: ({ pages }) => pages,
    hint: "What a take-down of pages names: each page's title and address.",
  }),
  change: info<{ number: number; title?: string }>({
    code: "EDIT_TAKE_DOWN_CHANGE",
    title: "Change taken down",
    message: ({ number, title }) => `the change of request ${number}${title ? `, “${title}”` : ""}`,
    hint: "What a take-down of a request's change names.",
  }),
} as const;

/** What the scheduler writes to the editor's log. */
export const schedulerLines = {
  ran: info<{ id: number; number?: number; state: string; lateByMs: number }>({
    code: "EDIT_SCHEDULE_RAN",
    title: "Schedule run",
    message: ({ id, number, state, lateByMs }) =>
      `schedule ${id}${number === undefined ? "" : ` of request ${number}`} ran: ${state}${lateByMs >= 60_000 ? `, ${Math.round(lateByMs / 60_000)} min late` : ""}`,
    hint: "Nothing to do; a failed one's reason is in the calendar and was e-mailed.",
  }),
  unavailable: entry<{ reason: string }>({
    code: "EDIT_SCHEDULER_UNAVAILABLE",
    title: "Schedules not read",
    message: ({ reason }) => `the scheduler could not read or update the schedules: ${reason}`,
    hint: "Check the team store's database (EDIT_TEAM_DATABASE_URL); the scheduler tries again within 30 s.",
  }),
} as const;
