/** Publishing from the page editor: what git, GitHub and GitLab refused, and what the Changes view says. */
import { entry, info, success } from "./entry.ts";

/**
 * Publishing from the page editor: what git (driven through the system's git, so the marketer's credentials, SSH
 * keys and hooks apply) refused or could not do. Every one of them leaves the files and `git status` as they were.
 */
export const editorGitErrors = {
  notRepository: entry({
    code: "EDIT_GIT_NOT_A_REPOSITORY",
    status: 409,
    title: "Not a git repository",
    message: "The project folder is not a git checkout, so the editor cannot show or publish changes.",
    hint: "Open the editor in a clone of the site's repository (git clone …, then npm run edit).",
  }),
  noRemote: entry<{ remote: string }>({
    code: "EDIT_GIT_NO_REMOTE",
    status: 409,
    title: "No remote to publish to",
    message: ({ remote }) => `This checkout has no remote named '${remote}', so there is nowhere to publish to.`,
    hint: "Ask a developer to add it (git remote add origin <address of the site's repository>), or set EDIT_BASE.",
  }),
  noBase: entry<{ base: string }>({
    code: "EDIT_GIT_NO_BASE",
    status: 409,
    title: "Base branch not found",
    message: ({ base }) => `The branch the site is published from, '${base}', was not found on the remote.`,
    hint: "Set EDIT_BASE (or git config voxa-editor.base) to the branch the site is built from, such as origin/main.",
  }),
  offline: entry({
    code: "EDIT_GIT_OFFLINE",
    status: 503,
    title: "The remote cannot be reached",
    message: "The editor could not reach the site's repository: you may be offline, or its address may be wrong.",
    hint: "Check your connection and try again; nothing was changed.",
  }),
  pushRejected: entry<{ branch: string }>({
    code: "EDIT_GIT_PUSH_REJECTED",
    status: 409,
    title: "Publish refused by the remote",
    message: ({ branch }) => `The remote refused the update of '${branch}': someone else changed it since.`,
    hint: "Click Get latest, check your changes, then publish again; nothing was changed.",
  }),
  noPermission: entry({
    code: "EDIT_GIT_NO_PERMISSION",
    status: 403,
    title: "No permission to publish",
    message: "The remote refused your credentials, or you may not push branches to it.",
    hint: "Ask a developer for write access to the repository (or to set up your git credentials), then try again.",
  }),
  operationInProgress: entry<{ operation: string }>({
    code: "EDIT_GIT_IN_PROGRESS",
    status: 409,
    title: "A git operation is unfinished",
    message: ({ operation }) => `A ${operation} was started in this checkout and not finished.`,
    hint: "Ask a developer to finish or abort it (git status says how), then try again.",
  }),
  detached: entry({
    code: "EDIT_GIT_DETACHED",
    status: 409,
    title: "No branch checked out",
    message: "This checkout is on a single commit, not on a branch (a 'detached HEAD').",
    hint: "Ask a developer to check out a branch (git switch main), then try again.",
  }),
  noIdentity: entry({
    code: "EDIT_GIT_NO_IDENTITY",
    status: 409,
    title: "Who is publishing?",
    message: "Git does not know your name and e-mail yet, which every published change carries.",
    hint: "Enter them once; the editor keeps them in this repository's git settings.",
  }),
  badIdentity: entry({
    code: "EDIT_GIT_BAD_IDENTITY",
    status: 400,
    title: "Name or e-mail not valid",
    message: "A name and an e-mail address (such as ana@example.com) are needed, on one line each.",
    hint: "Enter your name and your work e-mail address.",
  }),
  nothingToPublish: entry({
    code: "EDIT_GIT_NOTHING_TO_PUBLISH",
    status: 409,
    title: "Nothing to publish",
    message: "No page, site setting or media file differs from the published site.",
    hint: "Save your edits first; unsaved changes are not published.",
  }),
  noSummary: entry({
    code: "EDIT_GIT_NO_SUMMARY",
    status: 400,
    title: "Summary needed",
    message: "A one-line summary of the change is needed: it becomes the title of the review request.",
    hint: "Write what changed, such as 'New pet insurance page'.",
  }),
  notContent: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_NOT_CONTENT",
    status: 400,
    title: "Not a content file",
    message: ({ files }) =>
      `These files are not pages, site settings or media, so they are never published: ${files.join(", ")}`,
    hint: "Only .json files under site-config/ and images or videos under public/media/ are published; remove the others.",
  }),
  baseMoved: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_BASE_MOVED",
    status: 409,
    title: "Someone changed the same pages",
    message: ({ files }) => `Since you started, someone published changes to: ${files.join(", ")}`,
    hint: "Save your edits, click Get latest to see theirs, then publish again.",
  }),
  latestBlocked: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_LATEST_BLOCKED",
    status: 409,
    title: "Your edits would be overwritten",
    message: ({ files }) => `The latest site changes files you edited and did not publish yet: ${files.join(", ")}`,
    hint: "Publish your changes (or discard them) first; then Get latest brings the rest.",
  }),
  latestConflicts: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_LATEST_CONFLICTS",
    status: 409,
    title: "Changed on both sides: choose what to keep",
    message: ({ files }) =>
      `The latest site has other values in fields you changed too, in ${files.join(", ")}, so Get latest changed nothing yet`,
    hint: "For each field, keep yours or theirs; Get latest then brings the rest of the latest site with your choices.",
  }),
  inReview: entry<{ files: readonly string[]; branch: string }>({
    code: "EDIT_GIT_IN_REVIEW",
    status: 409,
    title: "Already in review",
    message: ({ files, branch }) =>
      `Your change to ${files.join(", ")} is in review on the branch ${branch}: Get latest brings it in once it is merged.`,
    hint: "Wait for the merge (Published changes says when), or discard your copy to get the latest site now: the change stays in review.",
  }),
  alreadyMerged: entry<{ files: readonly string[] }>({
    code: "EDIT_GIT_ALREADY_MERGED",
    status: 409,
    title: "Already merged",
    message: ({ files }) =>
      `Your change to ${files.join(", ")} is merged into the site already: Get latest brings it in, with what others changed since.`,
    hint: "Click Get latest; then edit and publish as usual.",
  }),
  diverged: entry<{ branch: string }>({
    code: "EDIT_GIT_DIVERGED",
    status: 409,
    title: "Get latest would mix histories",
    message: ({ branch }) =>
      `The branch '${branch}' has commits the published site does not have, so it cannot simply move forward.`,
    hint: "Ask a developer to bring the branch up to date (the editor never merges or rebases your work).",
  }),
  unknownVersion: entry({
    code: "EDIT_GIT_UNKNOWN_VERSION",
    status: 404,
    title: "Version not found",
    message: "This version of the page is not in the repository's history.",
    hint: "Pick a version from the page's history.",
  }),
  publishingOff: entry<{ branch: string; base: string }>({
    code: "EDIT_GIT_PUBLISHING_OFF",
    status: 409,
    title: "Publishing is off for this run",
    message: ({ branch, base }) =>
      `The editor runs on the branch '${branch}', not on '${base}', and publishing was not turned on for this run, so nothing was changed.`,
    hint: "Restart npm run edit and choose 'Publish to a new branch', or switch to the base first (git switch), then start the editor.",
  }),
  badChoice: entry({
    code: "EDIT_GIT_BAD_CHOICE",
    status: 400,
    title: "Choice not understood",
    message:
      "The choice for this branch must be 'publish' (to a new branch from the base) or 'files' (edit files only).",
    hint: "Pick one of the two buttons the editor shows; a script must send { choice: 'publish' } or { choice: 'files' }.",
  }),
  failed: entry<{ detail: string }>({
    code: "EDIT_GIT_FAILED",
    status: 500,
    title: "Git failed",
    message: ({ detail }) => `Git could not complete the request: ${detail}`,
    hint: "Nothing was changed; try again, or show the message to a developer.",
  }),
} as const;

/** Publishing from the page editor: what GitHub or GitLab refused when asked to open or read a review request. */
export const editorForgeErrors = {
  tokenRefused: entry<{ forge: string }>({
    code: "EDIT_FORGE_TOKEN_REFUSED",
    status: 502,
    title: "Token refused",
    message: ({ forge }) =>
      `${forge} refused the access token, so no review request was opened (your branch was pushed).`,
    hint: "Set a valid token (GITHUB_TOKEN or GITLAB_TOKEN, or log in with gh / glab), restart npm run edit, and publish again.",
  }),
  noPermission: entry<{ forge: string }>({
    code: "EDIT_FORGE_NO_PERMISSION",
    status: 502,
    title: "No permission to open the request",
    message: ({ forge }) =>
      `${forge} says this token may not open review requests in the repository (your branch was pushed).`,
    hint: "Ask a developer for a token with pull or merge request rights, or open the request from the link shown.",
  }),
  unreachable: entry<{ forge: string }>({
    code: "EDIT_FORGE_UNREACHABLE",
    status: 502,
    title: "Forge not reachable",
    message: ({ forge }) => `${forge} could not be reached, so no review request was opened (your branch was pushed).`,
    hint: "Check your connection (and GITHUB_API_URL or CI_API_V4_URL), then publish again or open the request from the link.",
  }),
  failed: entry<{ forge: string; status: number }>({
    code: "EDIT_FORGE_FAILED",
    status: 502,
    title: "Review request not opened",
    message: ({ forge, status }) =>
      `${forge} answered with HTTP ${status}, so no review request was opened (your branch was pushed).`,
    hint: "Open the request from the link shown, or try again later.",
  }),
} as const;

/** What the page editor's Changes view says when publishing or discarding went well, in its tab. */
export const editorPublishLines = {
  published: success<{ request: string }>({
    code: "EDIT_PUBLISHED",
    title: "Published for review",
    message: ({ request }) => `Your changes are waiting for review in ${request}.`,
    hint: "A reviewer checks them and merges the request; the site then goes live with them. Publishing again adds to it.",
  }),
  addedToRequest: success<{ request: string }>({
    code: "EDIT_PUBLISH_ADDED",
    title: "Published for review",
    message: ({ request }) => `Added to ${request}.`,
    hint: "The reviewer sees your new changes in the same request.",
  }),
  pushed: success<{ branch: string }>({
    code: "EDIT_PUBLISH_PUSHED",
    title: "Sent for review",
    message: ({ branch }) =>
      `Your changes are on the branch ${branch}; no review request was opened, as the editor has no token for the site's host.`,
    hint: "Open the request with the link above; a developer can set up a token once, as docs/publishing.md says.",
  }),
  pushedCommand: success<{ branch: string }>({
    code: "EDIT_PUBLISH_PUSHED_COMMAND",
    title: "Sent for review",
    message: ({ branch }) =>
      `Your changes are on the branch ${branch}; no review request was opened, as the editor does not know the site's host.`,
    hint: "Run the git command above and send what it prints to your reviewer: it names the branch and its changes.",
  }),
  discarded: success<{ page: string; base: string }>({
    code: "EDIT_DISCARDED",
    title: "Changes discarded",
    message: ({ page, base }) => `${page} is back to the published version (${base}).`,
    hint: "An editor tab that had it open reloads it.",
  }),
  reloaded: info({
    code: "EDIT_RELOADED_AFTER_DISCARD",
    title: "Changes discarded",
    message: "Its changes were discarded in the Changes view: this is the published version again.",
    hint: "Edit it again if you need to; the edits you discarded cannot be brought back.",
  }),
  noChanges: info<{ base: string }>({
    code: "EDIT_NO_CHANGES",
    title: "No changes",
    message: ({ base }) => `Every page, the site settings and the media are as the published site (${base}) has them.`,
    hint: "Edit and save a page: it is listed here, ready to publish.",
  }),
} as const;

/** A publisher's review of the team's open requests in the team editor: approving and merging, or sending back. */
export const editorReviewErrors = {
  noForge: entry<{ address: string }>({
    code: "EDIT_REVIEW_NO_FORGE",
    status: 409,
    title: "No forge for the site's repository",
    message: ({ address }) =>
      `The site's repository, ${address}, is on no forge the editor knows (GitHub or GitLab), so it cannot list, merge or comment on review requests.`,
    hint: "Set EDIT_TEAM_SOURCE to the repository's GitHub or GitLab address, or name it with GITHUB_REPOSITORY or CI_PROJECT_PATH, then restart the editor (docs/team-editor.md, How the editor finds its forge); meanwhile, review in the forge.",
  }),
  noToken: entry<{ forge: string; repository: string }>({
    code: "EDIT_REVIEW_NO_TOKEN",
    status: 409,
    title: "No token for the forge",
    message: ({ forge, repository }) =>
      `The editor has no token for ${forge} (${repository}), so it cannot list, merge or comment on review requests.`,
    hint: "Give the editor's service GITHUB_TOKEN (GitHub) or GITLAB_TOKEN (GitLab) and restart it (docs/team-editor.md); meanwhile, review in the forge.",
  }),
  tokenRefused: entry<{ forge: string }>({
    code: "EDIT_REVIEW_TOKEN_REFUSED",
    status: 502,
    title: "Token refused",
    message: ({ forge }) =>
      `${forge} refused the editor's token, so it cannot list, merge or comment on review requests.`,
    hint: "Give the editor's service a valid token, with read and write rights on pull or merge requests (GITHUB_TOKEN or GITLAB_TOKEN), restart it, and try again.",
  }),
  notOpen: entry<{ number: number }>({
    code: "EDIT_REVIEW_NOT_OPEN",
    status: 409,
    title: "Request not open",
    message: ({ number }) => `Request ${number} is not open any more: it was merged, closed or never asked for here.`,
    hint: "The list shows the open requests as the forge has them now.",
  }),
  ownRequest: entry({
    code: "EDIT_REVIEW_OWN_REQUEST",
    status: 403,
    title: "Your own request",
    message: "You asked for this request, so another publisher approves and merges it.",
    hint: "Ask another publisher; an admin may allow publishers to merge their own (EDIT_TEAM_MERGE_OWN=1).",
  }),
  notInRequest: entry<{ number: number; file: string }>({
    code: "EDIT_REVIEW_NOT_IN_REQUEST",
    status: 404,
    title: "Not a page of this request",
    message: ({ number, file }) => `Request ${number} does not change ${file}, so there is nothing of it to compare.`,
    hint: "Compare one of the pages the request lists.",
  }),
  noComment: entry({
    code: "EDIT_REVIEW_NO_COMMENT",
    status: 400,
    title: "Say what to change",
    message: "A request is sent back with a comment telling its author what to change.",
    hint: "Write the comment, then send it back.",
  }),
} as const;

/** What the publisher's review says when it went well. */
export const editorReviewLines = {
  merged: success<{ number: number; title: string }>({
    code: "EDIT_REVIEW_MERGED",
    title: "Merged",
    message: ({ number, title }) => `Request ${number}, “${title}”, is merged: the site goes live with it.`,
    hint: "Its author's Get latest brings it into their copy.",
  }),
  sentBack: success<{ number: number }>({
    code: "EDIT_REVIEW_SENT_BACK",
    title: "Sent back",
    message: ({ number }) => `Request ${number} is sent back with your comment; it stays open for its author.`,
    hint: "Its author publishes again to add to it.",
  }),
} as const;
