/** The team editor's e-mail notices: a review requested, a request merged or sent back, and each person's choice. */
import { entry, info } from "./entry.ts";

/** A page a notice names: its title, and its address on the site (or its file, for settings and media). */
export interface NoticePage {
  title: string;
  where: string;
}

interface MailRequest {
  /** Who the mail goes to, by name. */
  to: string;
  number: number;
  title: string;
  pages: NoticePage[];
  /** The request on the forge. */
  url: string;
  /** The editor's view the reader acts in: the publisher's review, or the page list. */
  editorUrl: string;
}

const pageLines = (pages: NoticePage[]) =>
  pages.length ? pages.map(({ title, where }) => `- ${title} (${where})`) : ["- (no page of the site)"];

/** How each notice says it can be turned off: the switch beside the person's name in the editor. */
const turnOff = (what: string) =>
  `To stop these e-mails, untick “E-mail me when ${what}” under E-mail notices beside your name in the editor.`;

/** The e-mails themselves, in plain text: each subject and body in the catalogue, as every other word the team reads. */
export const teamNoticeMails = {
  reviewRequestedSubject: info<{ by: string; title: string }>({
    code: "TEAM_MAIL_REVIEW_REQUESTED",
    title: "Review requested (subject)",
    message: ({ by, title }) => `Review requested: “${title}” by ${by}`,
    hint: "Sent to each publisher and admin in editor-team.json but the author, unless they turned it off.",
  }),
  reviewRequestedText: info<MailRequest & { by: string }>({
    code: "TEAM_MAIL_REVIEW_REQUESTED_TEXT",
    title: "Review requested (text)",
    message: ({ to, by, number, title, pages, url, editorUrl }) =>
      [
        `Hello ${to},`,
        "",
        `${by} asks for a review of request ${number}, “${title}”. It changes:`,
        ...pageLines(pages),
        "",
        `Review it in the page editor: ${editorUrl}`,
        `The request: ${url}`,
        "",
        turnOff("a review is requested"),
        "",
      ].join("\n"),
    hint: "The body of the mail above.",
  }),
  mergedSubject: info<{ title: string }>({
    code: "TEAM_MAIL_MERGED",
    title: "Request merged (subject)",
    message: ({ title }) => `Merged: your request “${title}”`,
    hint: "Sent to the person who asked for the request, unless they turned it off.",
  }),
  mergedText: info<MailRequest & { by: string }>({
    code: "TEAM_MAIL_MERGED_TEXT",
    title: "Request merged (text)",
    message: ({ to, by, number, title, pages, url, editorUrl }) =>
      [
        `Hello ${to},`,
        "",
        `${by} approved and merged your request ${number}, “${title}”: the site goes live with it. It changed:`,
        ...pageLines(pages),
        "",
        `Get latest in the page editor brings it into your copy: ${editorUrl}`,
        `The request: ${url}`,
        "",
        turnOff("my request is merged or sent back"),
        "",
      ].join("\n"),
    hint: "The body of the mail above.",
  }),
  sentBackSubject: info<{ title: string }>({
    code: "TEAM_MAIL_SENT_BACK",
    title: "Request sent back (subject)",
    message: ({ title }) => `Sent back: your request “${title}”`,
    hint: "Sent to the person who asked for the request, unless they turned it off.",
  }),
  sentBackText: info<MailRequest & { by: string; comment: string }>({
    code: "TEAM_MAIL_SENT_BACK_TEXT",
    title: "Request sent back (text)",
    message: ({ to, by, number, title, pages, url, editorUrl, comment }) =>
      [
        `Hello ${to},`,
        "",
        `${by} sent back your request ${number}, “${title}”, with this comment:`,
        "",
        comment,
        "",
        "It changes:",
        ...pageLines(pages),
        "",
        `Change the pages in the page editor and publish again; the request stays open and takes the changes: ${editorUrl}`,
        `The request: ${url}`,
        "",
        turnOff("my request is merged or sent back"),
        "",
      ].join("\n"),
    hint: "The body of the mail above.",
  }),
  scheduleFailedSubject: info<{ title: string }>({
    code: "TEAM_MAIL_SCHEDULE_FAILED",
    title: "Scheduled publication failed (subject)",
    message: ({ title }) => `Not published: “${title}” did not go live at its time`,
    hint: "Sent to the publisher who scheduled the request and to its author, whatever their choices: it needs a person.",
  }),
  scheduleFailedText: info<Omit<MailRequest, "pages"> & { time: string; by: string; reason: string }>({
    code: "TEAM_MAIL_SCHEDULE_FAILED_TEXT",
    title: "Scheduled publication failed (text)",
    message: ({ to, by, number, title, url, editorUrl, time, reason }) =>
      [
        `Hello ${to},`,
        "",
        `Request ${number}, “${title}”, was scheduled by ${by} to go live at ${time}. It did not: nothing of it was merged, and the site is as it was.`,
        "",
        `Why: ${reason}`,
        "",
        `A publisher retries it at a new time in the page editor's calendar once the reason is dealt with: ${editorUrl}`,
        `The request: ${url}`,
        "",
      ].join("\n"),
    hint: "The body of the mail above.",
  }),
  takeDownFailedSubject: info<{ what: string }>({
    code: "TEAM_MAIL_TAKE_DOWN_FAILED",
    title: "Scheduled take-down failed (subject)",
    message: ({ what }) => `Not taken down: ${what} did not come down at its time`,
    hint: "Sent to the publisher who scheduled the take-down, whatever their choices: it needs a person.",
  }),
  takeDownFailedText: info<{ to: string; by: string; what: string; time: string; reason: string; editorUrl: string }>({
    code: "TEAM_MAIL_TAKE_DOWN_FAILED_TEXT",
    title: "Scheduled take-down failed (text)",
    message: ({ to, by, what, time, reason, editorUrl }) =>
      [
        `Hello ${to},`,
        "",
        `${by} scheduled ${what} to come down at ${time}. It did not: nothing was removed or redirected, and the site is as it was.`,
        "",
        `Why: ${reason}`,
        "",
        `A publisher retries it at a new time in the page editor's calendar once the reason is dealt with: ${editorUrl}`,
        "",
      ].join("\n"),
    hint: "The body of the mail above.",
  }),
} as const;

/** What the team editor says of its notices: in its terminal at start, in its log, and to a browser. */
export const teamNoticeErrors = {
  off: info({
    code: "TEAM_NOTICES_OFF",
    title: "E-mail notices off",
    message:
      "E-mail notices are off: without SMTP_URL and EDIT_TEAM_MAIL_FROM, nobody is e-mailed when a review is requested, merged or sent back",
    hint: "Set SMTP_URL (the lead API's SMTP server) and EDIT_TEAM_MAIL_FROM to send them (docs/team-editor.md, “E-mail notices”).",
  }),
  offInEditor: info({
    code: "TEAM_NOTICES_NOT_SENT_HERE",
    title: "No e-mail yet",
    message: "This editor sends no e-mail: its mail server is not set up",
    hint: "An admin sets SMTP_URL and EDIT_TEAM_MAIL_FROM; your choices here apply from then.",
  }),
  notSent: entry<{ to: string; subject: string; reason: string }>({
    code: "TEAM_NOTICE_NOT_SENT",
    title: "E-mail notice not sent",
    message: ({ to, subject, reason }) => `the notice to ${to} (${subject}) was not sent: ${reason}`,
    hint: "Check the SMTP server of SMTP_URL (reachable, accepting EDIT_TEAM_MAIL_FROM as sender); the publish, merge or send-back went ahead, and the notice is not sent again.",
  }),
  invalid: entry({
    code: "TEAM_NOTICES_INVALID",
    status: 400,
    title: "Notice choice invalid",
    message: "give reviewRequested or ownRequests (or both), each true or false",
    hint: 'Send { "reviewRequested": true|false, "ownRequests": true|false }; either may be left out to keep it as it is.',
  }),
} as const;
