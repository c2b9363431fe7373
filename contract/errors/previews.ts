/**
 * The team editor's previews of review requests: each request's build served at an origin of its own, entered by a
 * signed-in person or through a publisher's share link, never indexed, its lead form sending nothing.
 */
import { entry, info, success } from "./entry.ts";

/** The setting, and every refusal of a preview's address, its entry and its share links. */
export const teamPreviewErrors = {
  previewUrl: entry({
    code: "TEAM_PREVIEW_URL",
    title: "Invalid preview address",
    message:
      "EDIT_TEAM_PREVIEW_URL must be the name under which each request's preview gets its own, such as https://preview.edit.company.com: https:// (http:// only under localhost), a name rather than a number, no path, and not the editor's own name",
    hint: "Point a wildcard DNS name (*.preview.edit.company.com) and its certificate at the editor, and set the address without the request's number; or remove the setting to use preview.<the editor's name>.",
  }),
  off: entry({
    code: "TEAM_PREVIEWS_ARE_OFF",
    status: 404,
    title: "Previews off",
    message: "This editor builds no previews of review requests",
    hint: "An admin turns them on by removing EDIT_TEAM_PREVIEWS=off and restarting the editor (docs/team-editor.md, Previews of review requests); meanwhile, each changed page shows in the editor's own preview.",
  }),
  private: entry({
    code: "TEAM_PREVIEW_PRIVATE",
    status: 401,
    title: "Private preview",
    message: "This preview of a review request is private",
    hint: "Open it from the team editor while signed in (the review of the request, Preview), or ask a publisher for a share link.",
  }),
  entryUsed: entry({
    code: "TEAM_PREVIEW_ENTRY_USED",
    status: 401,
    title: "Preview link used or expired",
    message: "This way into the preview has been used, has expired or is another request's",
    hint: "Open the preview again from the team editor: the address it sends you to works once, within a minute.",
  }),
  shareEnded: entry({
    code: "TEAM_PREVIEW_SHARE_ENDED",
    status: 401,
    title: "Share link ended",
    message: "This share link of a preview has expired or was revoked",
    hint: "Ask the person who sent it for a new link.",
  }),
  readOnly: entry({
    code: "TEAM_PREVIEW_READ_ONLY",
    status: 405,
    title: "Preview is read-only",
    message: "A preview only shows the site: it takes nothing at this address",
    hint: "Read the pages with GET; the lead form's submissions are answered without being sent or kept.",
  }),
  notARequest: entry({
    code: "TEAM_PREVIEW_NOT_A_REQUEST",
    status: 404,
    title: "No such request",
    message: "A preview's address names a review request by its number, such as /preview/12",
    hint: "Open the preview from the review of the request in the team editor.",
  }),
  shareNotFound: entry({
    code: "TEAM_PREVIEW_SHARE_NOT_FOUND",
    status: 404,
    title: "No such share link",
    message: "No share link of a preview has this id",
    hint: "Reload the list of the request's share links and pick one from it.",
  }),
  shareDays: entry({
    code: "TEAM_PREVIEW_SHARE_DAYS",
    status: 400,
    title: "Share link too long",
    message: "A share link lasts from 1 to 7 whole days",
    hint: "Choose a number of days from 1 to 7; make a new link when it has expired.",
  }),
};

/** What a preview's pages, its banner and the forge's comment say. */
export const teamPreviewLines = {
  building: info<{ number: number }>({
    code: "TEAM_PREVIEW_BUILDING",
    title: "Preview being built",
    message: ({ number }) => `The preview of request #${number} is being built`,
    hint: "This page reloads itself every few seconds and shows the site once the build is ready.",
  }),
  absent: info<{ number: number }>({
    code: "TEAM_PREVIEW_ABSENT",
    title: "No preview",
    message: ({ number }) => `Request #${number} has no preview yet`,
    hint: "A preview is built for each open review request once its author publishes to it; this page reloads itself until then.",
  }),
  failed: info<{ number: number; message: string }>({
    code: "TEAM_PREVIEW_FAILED",
    title: "Preview build failed",
    message: ({ number, message }) => `The preview of request #${number} could not be built: ${message}`,
    hint: "The request's author publishes a fix to the request; its preview is built again then.",
  }),
  banner: info<{ number: number; title: string; builtAt: string }>({
    code: "TEAM_PREVIEW_BANNER",
    title: "Preview banner",
    message: ({ number, title, builtAt }) =>
      `Preview of request #${number}${title ? ` “${title}”` : ""}, built ${builtAt}. Forms send nothing.`,
    hint: "Shown over every page of a preview; it is not part of the page and is not published.",
  }),
  bannerShort: info<{ number: number }>({
    code: "TEAM_PREVIEW_BANNER_SHORT",
    title: "Preview banner on a phone",
    message: ({ number }) => `Preview of request #${number}`,
    hint: "The banner's first line on a narrow screen, beside Details, which opens the rest of its words.",
  }),
  bannerDetail: info<{ title: string; builtAt: string }>({
    code: "TEAM_PREVIEW_BANNER_DETAIL",
    title: "Preview banner's detail",
    message: ({ title, builtAt }) => `${title ? `“${title}”, ` : ""}built ${builtAt}. Forms send nothing.`,
    hint: "The banner's second line on a narrow screen, cut to its width; Details shows it whole.",
  }),
  bannerDetails: info({
    code: "TEAM_PREVIEW_BANNER_DETAILS",
    title: "Banner details",
    message: "Details",
    hint: "The banner's button on a narrow screen that shows (and hides) all its words, each on a line of its own.",
  }),
  bannerUpdating: info({
    code: "TEAM_PREVIEW_BANNER_UPDATING",
    title: "Preview updating",
    message: "Updating…",
    hint: "A newer publication of the request is being built; reload once the banner no longer says so.",
  }),
  bannerFailed: info({
    code: "TEAM_PREVIEW_BANNER_FAILED",
    title: "Latest preview failed",
    message: "The latest build failed; this is the one before it.",
    hint: "The review of the request in the team editor shows the build's message.",
  }),
  bannerReview: info({
    code: "TEAM_PREVIEW_BANNER_REVIEW",
    title: "Back to the review",
    message: "Review",
    hint: "The banner's link back to the request's review in the team editor, for people of the team.",
  }),
  leadNotSent: info({
    code: "TEAM_PREVIEW_LEAD_NOT_SENT",
    title: "Lead not sent",
    message: "Lead received (a preview: nothing was sent or kept)",
    hint: "A preview answers its lead form as the lead API would, without sending or storing anything.",
  }),
  comment: info<{ url: string }>({
    code: "TEAM_PREVIEW_COMMENT",
    title: "Preview address (comment)",
    message: ({ url }) =>
      `A preview of this request, the site as it would be after the merge: ${url}\n\nIt is private to the team (sign in to the page editor to open it) and follows each publication to the request.`,
    hint: "Commented on a review request once, when its first preview is ready.",
  }),
};

/**
 * What a request's review says of its preview (editor/app/team/RequestPreview.tsx): where its build stands, and a
 * publisher's share links made, copied and revoked. The server's refusals of those are the entries above.
 */
export const editorPreviewLines = {
  off: info({
    code: "EDIT_PREVIEW_OFF",
    title: "Previews off",
    message: "this editor builds no previews of review requests",
    hint: "An admin turns them on by removing EDIT_TEAM_PREVIEWS=off and restarting the editor; meanwhile, open each changed page in the editor's own preview.",
  }),
  absent: info({
    code: "EDIT_PREVIEW_ABSENT",
    title: "No preview yet",
    message: "this request has no preview yet",
    hint: "It is built once the request's branch can be read; this line changes by itself.",
  }),
  building: info({
    code: "EDIT_PREVIEW_BUILDING",
    title: "Being built",
    message: "the preview is being built from the request's latest publication",
    hint: "This takes a minute or so; this line changes by itself once it is ready.",
  }),
  buildingServing: info<{ builtAt: string }>({
    code: "EDIT_PREVIEW_BUILDING_SERVING",
    title: "Being built again",
    message: ({ builtAt }) =>
      `the preview is being built from the request's latest publication; the one built on ${builtAt} serves until then`,
    hint: "This line changes by itself once the new one is ready.",
  }),
  ready: info<{ builtAt: string; summary?: string }>({
    code: "EDIT_PREVIEW_READY",
    title: "Ready",
    message: ({ builtAt, summary }) => `built on ${builtAt}${summary ? `; ${summary}` : ""}`,
    hint: "Open it to read the request's pages as the site would show them after the merge; its forms send nothing.",
  }),
  failed: info<{ message: string }>({
    code: "EDIT_PREVIEW_FAILED",
    title: "Build failed",
    message: ({ message }) => `the latest build of the preview failed: ${message}`,
    hint: "The request's author publishes a fix to the request; its preview is built again then.",
  }),
  failedServing: info<{ message: string; builtAt: string }>({
    code: "EDIT_PREVIEW_FAILED_SERVING",
    title: "Build failed",
    message: ({ message, builtAt }) =>
      `the latest build of the preview failed: ${message}; the one built on ${builtAt} still serves`,
    hint: "The request's author publishes a fix to the request; its preview is built again then.",
  }),
  shareMade: success<{ until: string }>({
    code: "EDIT_PREVIEW_SHARE_MADE",
    title: "Share link made",
    message: ({ until }) => `anyone with this link can read the preview until ${until}`,
    hint: "Copy it now: it is shown only this once. Revoke it below when it is no longer needed.",
  }),
  shareCopied: success({
    code: "EDIT_PREVIEW_SHARE_COPIED",
    title: "Copied",
    message: "the share link is on the clipboard",
    hint: "Paste it into a message to the person outside the team.",
  }),
  shareRevoked: success<{ madeBy: string }>({
    code: "EDIT_PREVIEW_SHARE_REVOKED",
    title: "Share link revoked",
    message: ({ madeBy }) => `the link ${madeBy} made no longer opens the preview`,
    hint: "Whoever opens it now is told it ended; make a new link for anyone who still needs one.",
  }),
  revokeQuestion: info<{ madeBy: string; expires: string }>({
    code: "EDIT_PREVIEW_REVOKE_QUESTION",
    title: "Revoke this share link?",
    message: ({ madeBy, expires }) =>
      `the link ${madeBy} made, which would last until ${expires}, stops opening the preview at once, for everyone who has it`,
    hint: "This cannot be undone: make a new link if someone still needs one.",
  }),
  listedActive: info<{ madeBy: string; madeAt: string; until: string }>({
    code: "EDIT_PREVIEW_SHARE_ACTIVE",
    title: "Active",
    message: ({ madeBy, madeAt, until }) => `made by ${madeBy} on ${madeAt}, opens the preview until ${until}`,
    hint: "Revoke it to stop it at once.",
  }),
  listedExpired: info<{ madeBy: string; madeAt: string; at: string }>({
    code: "EDIT_PREVIEW_SHARE_EXPIRED",
    title: "Expired",
    message: ({ madeBy, madeAt, at }) => `made by ${madeBy} on ${madeAt}, expired on ${at}`,
    hint: "It opens nothing any more; make a new link if someone still needs one.",
  }),
  listedRevoked: info<{ madeBy: string; madeAt: string; by: string; at: string }>({
    code: "EDIT_PREVIEW_SHARE_ENDED",
    title: "Revoked",
    message: ({ madeBy, madeAt, by, at }) => `made by ${madeBy} on ${madeAt}, revoked by ${by} on ${at}`,
    hint: "It opens nothing any more; make a new link if someone still needs one.",
  }),
  noShares: info({
    code: "EDIT_PREVIEW_NO_SHARES",
    title: "No share links",
    message: "nobody outside the team can open this preview",
    hint: "Make a link for someone outside the team (a client, legal); it lasts the days you choose, up to 7.",
  }),
} as const;
