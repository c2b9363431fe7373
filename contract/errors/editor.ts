/** The page editor: its refusals, its terminal lines, its history, Get latest and branches, `npm run bench:edit`. */
import { MAX_JSON_MB, MAX_MEDIA_MB } from "../editor-traces.ts";
import { entry, info, success } from "./entry.ts";

/** The page editor (npm run edit): why it refused a request, shown in its tab. */
export const editorErrors = {
  olderBlocks: entry({
    code: "EDIT_OLDER_BLOCKS",
    title: "Blocks in an older shape",
    message:
      "Some blocks of this page were written for an older version of their block type, so the site cannot build them as they are.",
    hint: "Migrate them here (the result is an unsaved change to review and save), or run `npm run migrate` for every page.",
  }),
  migrationFailed: entry({
    code: "EDIT_MIGRATION_FAILED",
    status: 422,
    title: "Migration failed",
    message: "A migration could not bring this page's blocks to their latest version, so nothing was changed.",
    hint: "Tell a developer: `npm run migrate` shows the same failure with the file, the block and the migration.",
  }),
  foreignOrigin: entry({
    code: "EDIT_FOREIGN_ORIGIN",
    status: 403,
    title: "Write refused",
    message: "This request did not come from the editor's own page, so nothing was written.",
    hint: "Make changes from the editor tab that `npm run edit` opened.",
  }),
  bundleFailed: entry<{ reason: string }>({
    code: "EDIT_BUNDLE_FAILED",
    status: 500,
    title: "Editor not built",
    message: ({ reason }) =>
      `The editor's pages could not be built from the code of the blocks, the renderer and the editor, so the editor did not start: ${reason}`,
    hint: "Fix the file the message names (`npm run typecheck` and `npm run dev` show the same error), then run `npm run edit` again.",
  }),
  foreignHost: entry({
    code: "EDIT_FOREIGN_HOST",
    status: 403,
    title: "Request refused",
    message:
      "This request was addressed to another site's name (its Host header), so the editor answered nothing: not its page, which carries this run's key, nor its files.",
    hint: "Open the editor at the address `npm run edit` printed (http://127.0.0.1:<port>/), not through another name.",
  }),
  badToken: entry({
    code: "EDIT_BAD_TOKEN",
    status: 403,
    title: "Write refused",
    message: "The editor was restarted since this tab was opened, so its key is no longer valid.",
    hint: "Reload the tab; unsaved changes are kept.",
  }),
  unsafePath: entry({
    code: "EDIT_UNSAFE_PATH",
    status: 403,
    title: "File refused",
    message: "The editor only reads and writes files inside site-config/ and public/media/.",
    hint: "Pick a page from the list or a file under public/media/.",
  }),
  invalid: entry({
    code: "EDIT_INVALID",
    status: 422,
    title: "Not saved: the page has problems",
    message: "Saving would break the build, so the file was left as it was.",
    hint: "Fix the problems listed (each one is also shown next to its field), then save again.",
  }),
  notJson: entry({
    code: "EDIT_NOT_JSON",
    status: 422,
    title: "Not valid JSON",
    message: "This file is not valid JSON, so the editor cannot show it as a form.",
    hint: "Fix it at the place shown, in your text editor (`npm run validate` shows it too), then open it again.",
  }),
  conflict: entry({
    code: "EDIT_CONFLICT",
    status: 409,
    title: "Changed meanwhile: choose what to keep",
    message:
      "Since you opened this page, someone saved other values in fields you changed too (in another tab, another editor or with git), so nothing was written.",
    hint: "For each field, keep yours or theirs, then save: changes to other fields, theirs and yours, are kept either way.",
  }),
  badChoices: entry({
    code: "EDIT_BAD_CHOICES",
    status: 400,
    title: "Not saved: choices unreadable",
    message:
      'The choices sent with this request are not one of "theirs" or "mine" for each field, so nothing was written.',
    hint: 'Reload the tab (unsaved changes are kept) and choose again; a script must send `choices` as an object of field paths to "theirs" or "mine".',
  }),
  merged: success({
    code: "EDIT_MERGED",
    title: "Saved",
    message: "Saved, merged with changes made meanwhile",
    hint: "Someone saved changes to other fields since you opened this page: the page shows theirs and yours now.",
  }),
  scaffold: entry({
    code: "EDIT_SCAFFOLD",
    status: 400,
    title: "Page not created",
    message: "The new page could not be created.",
    hint: "Choose another slug or name, as the message says.",
  }),
  duplicate: entry({
    code: "EDIT_DUPLICATE",
    status: 400,
    title: "Page not duplicated",
    message: "The copy of the page could not be created.",
    hint: "Choose another slug, as the message says: a copy never replaces a page.",
  }),
  mediaType: entry({
    code: "EDIT_MEDIA_TYPE",
    status: 400,
    title: "File not uploaded",
    message: "Only images (svg, png, jpg, webp, avif) and videos (mp4, webm) can be uploaded.",
    hint: "Export the file in one of these formats, with a name of lower-case letters, digits and hyphens.",
  }),
  mediaSize: entry({
    code: "EDIT_MEDIA_SIZE",
    status: 413,
    title: "File not uploaded",
    message: `The file is larger than ${MAX_MEDIA_MB} MB.`,
    hint: "Compress it first: pages must stay fast on phones.",
  }),
  mediaContent: entry({
    code: "EDIT_MEDIA_CONTENT",
    status: 400,
    title: "File not uploaded",
    message: "The file's content is not the format its name says.",
    hint: "Export the image or video again in that format, or give the file the extension of its real format.",
  }),
  mediaExists: entry({
    code: "EDIT_MEDIA_EXISTS",
    status: 409,
    title: "File not uploaded",
    message: "A file with this name already exists under public/media/.",
    hint: "Rename the file, or pick the existing one from the list.",
  }),
  notADocument: entry({
    code: "EDIT_NOT_A_DOCUMENT",
    status: 400,
    title: "Not saved: not a document",
    message: "The content sent is not a JSON object, as a page and the site's settings are, so nothing was written.",
    hint: "Reload the tab (unsaved changes are kept) and save again; a script calling the editor must send the whole document as `value`.",
  }),
  bodyTooLarge: entry({
    code: "EDIT_BODY_TOO_LARGE",
    status: 413,
    title: "Request refused",
    message: `Request body too large: the editor takes at most ${MAX_JSON_MB} MB of JSON in one request, so nothing was written.`,
    hint: "A page this large would be too heavy for visitors too: split its content into several pages.",
  }),
  badRequest: entry({
    code: "EDIT_BAD_REQUEST",
    status: 400,
    title: "Request refused",
    message: "The editor could not read this request.",
    hint: "Reload the tab and try again.",
  }),
  badInput: entry<{ place: string; problem: string }>({
    code: "EDIT_BAD_INPUT",
    status: 400,
    title: "Request refused",
    message: ({ place, problem }) =>
      `The editor did not act on this request: in ${place}, ${problem}. Nothing was written.`,
    hint: "Reload the tab and try again; a script calling the editor sends what docs/editor-routes.md lists for the route, and nothing else.",
  }),
  undeclaredRoute: entry<{ route: string; missing: string }>({
    code: "EDIT_UNDECLARED_ROUTE",
    title: "Route not declared",
    message: ({ route, missing }) => `The route ${route} does not declare ${missing}, so the editor did not start`,
    hint: "Declare it in the route's options, as the other routes of editor/server/routes/ do (docs/editor-routes.md says what each declares).",
  }),
  unknownRequest: entry({
    code: "EDIT_UNKNOWN_REQUEST",
    status: 404,
    title: "Request refused",
    message: "The editor has no answer at this address: the tab may be older than the editor running now.",
    hint: "Reload the tab and try again.",
  }),
  noSuchFile: entry({
    code: "EDIT_NO_SUCH_FILE",
    status: 404,
    title: "File not found",
    message: "This file is not in the project any more: it was removed or renamed since the list was shown.",
    hint: "Pick the page again from the list; reload the tab if it is not there.",
  }),
  crashed: entry({
    code: "EDIT_CRASHED",
    title: "The editor stopped",
    message: "Something in the editor failed while showing this screen. Your unsaved changes are kept in this browser.",
    hint: "Reload the tab to go on where you were; if it happens again, the browser's console shows the cause.",
  }),
  blockNotShown: entry({
    code: "EDIT_BLOCK_NOT_SHOWN",
    title: "Block not shown",
    message: "This block cannot be shown until its problems are fixed.",
    hint: "Fix the problems listed under its fields; the preview shows it again at once.",
  }),
  previewLoading: entry({
    code: "EDIT_PREVIEW_LOADING",
    title: "Loading blocks",
    message: "Loading blocks…",
    hint: "Nothing to do: the page's blocks show here in a moment.",
    kind: "info",
  }),
  failed: entry({
    code: "EDIT_FAILED",
    status: 500,
    title: "Request failed",
    message: "The editor failed while handling this request; nothing may have been saved.",
    hint: "Reload the tab and try again; the terminal running `npm run edit` shows the cause.",
  }),
  noServer: entry({
    code: "EDIT_NO_SERVER",
    title: "The editor could not start",
    message: "The tab got no answer from the editor's server, so it has no pages to show.",
    hint: "Check that `npm run edit` still runs in its terminal (start it again if it stopped), then reload the tab.",
  }),
} as const;

/** Why the page editor refused a file name (the reason given with EDIT_UNSAFE_PATH). */
export const editorPathErrors = {
  noName: entry({
    code: "EDIT_PATH_MISSING",
    title: "No file named",
    message: "no file was named",
    hint: "Pick a page from the list or a file under public/media/.",
  }),
  absolute: entry<{ file: string }>({
    code: "EDIT_PATH_ABSOLUTE",
    title: "Absolute path",
    message: ({ file }) => `'${file}' is an absolute path — name a file inside the project`,
    hint: "Name the file from the project folder, such as site-config/pages/about.json.",
  }),
  outside: entry<{ file: string; roots: readonly string[] }>({
    code: "EDIT_PATH_OUTSIDE",
    title: "File outside the content folders",
    message: ({ file, roots }) => `'${file}' is outside ${roots.join(" and ")} — the editor writes only there`,
    hint: "Pick a page from the list or a file under public/media/; symlinks out of these folders are refused too.",
  }),
  notJson: entry<{ file: string }>({
    code: "EDIT_PATH_NOT_JSON",
    title: "Not a page document",
    message: ({ file }) => `'${file}' is not a JSON document`,
    hint: "Pages and site settings are .json files under site-config/.",
  }),
} as const;

/** What `npm run edit` prints in the terminal. */
export const editorLines = {
  building: info({
    code: "EDIT_BUILDING",
    title: "Building the editor",
    message:
      "Building the editor's pages: once after each change to the code of the blocks, the renderer or the editor, in a few seconds.",
    hint: "The next `npm run edit` opens at once, until that code changes again.",
  }),
  started: info<{ url: string; opened: boolean }>({
    code: "EDIT_STARTED",
    title: "Editor running",
    message: ({ url, opened }) =>
      `Voxa page editor: ${url}/\n${opened ? "Opened in your browser" : "Open it in your browser"}. It edits the files in site-config/ directly; git status lists what changed (new pages too), git diff shows how. Ctrl+C stops it.`,
    hint: "Edit in the browser tab; `git status` lists the files it saved or created, `git diff` what changed in them.",
  }),
  routesDocUpToDate: success({
    code: "EDIT_ROUTES_DOC",
    title: "Route reference up to date",
    message: "docs/editor-routes.md lists every route of both editors as the routes declare themselves",
    hint: "Nothing to do.",
  }),
} as const;

/** What the page editor's history, Get latest and branch choice tell the marketer in its tab. */
export const editorHistoryLines = {
  noHistory: info({
    code: "EDIT_HISTORY_NONE",
    title: "No history yet",
    message: "This page has never been committed, so it has no earlier versions.",
    hint: "Its versions are listed here once a change to it is published and merged.",
  }),
  unreadable: entry({
    code: "EDIT_HISTORY_UNREADABLE",
    title: "Version cannot be shown",
    message: "This version of the file is not valid JSON, so it cannot be previewed or restored.",
    hint: "Pick another version.",
  }),
  restored: success<{ when: string; author: string }>({
    code: "EDIT_HISTORY_RESTORED",
    title: "Version restored",
    message: ({ when, author }) => `The version of ${when} by ${author} is in the editor as an unsaved change.`,
    hint: "Review it, then save and publish it like any edit; Undo (Ctrl+Z) brings back the version you had.",
  }),
  unsaved: entry<{ files: readonly string[] }>({
    code: "EDIT_LATEST_UNSAVED",
    title: "Unsaved edits",
    message: ({ files }) => `Get latest was not started: these files have unsaved edits: ${files.join(", ")}`,
    hint: "Save or discard them first (open the page: its banner offers to discard); Get latest never overwrites an edit.",
  }),
  upToDate: success({
    code: "EDIT_LATEST_UP_TO_DATE",
    title: "Up to date",
    message: "You already have the latest site",
    hint: "Nothing to do.",
  }),
  merged: success<{ count: number; files: readonly string[] }>({
    code: "EDIT_LATEST_MERGED",
    title: "Latest site",
    message: ({ count, files }) =>
      `${count} new change${count === 1 ? "" : "s"}, merged field by field with your edits to ${files.join(", ")}`,
    hint: "Your edits are kept beside the changes that came in; Publish sends them as before.",
  }),
  updated: success<{ count: number }>({
    code: "EDIT_LATEST_UPDATED",
    title: "Latest site",
    message: ({ count }) => `${count} new change${count === 1 ? "" : "s"}`,
    hint: "The page list and the open page show them now.",
  }),
  onFeatureBranch: info<{ branch: string; base: string }>({
    code: "EDIT_BRANCH_NOT_BASE",
    title: "You are on your own branch",
    message: ({ branch, base }) =>
      `The editor runs on the branch '${branch}', not on '${base}', the branch the site is published from.`,
    hint: "Publish sends your content changes to a new branch made from the base, for review: it never commits onto your branch. Or keep editing files only, with publishing off until the editor restarts.",
  }),
  publishChosen: success<{ base: string }>({
    code: "EDIT_BRANCH_PUBLISH",
    title: "Publishing on",
    message: ({ base }) => `Published changes go to a new branch made from ${base}; your branch is left as it is.`,
    hint: "Edit, save and publish as usual.",
  }),
  filesChosen: success({
    code: "EDIT_BRANCH_FILES",
    title: "Files only",
    message:
      "Publishing, discarding and Get latest are off until the editor restarts; saving writes the files as usual.",
    hint: "Commit with git as you usually do.",
  }),
} as const;

/** What `npm run bench:edit` prints. */
export const benchEditLines = {
  heading: info<{ file: string; blocks: number }>({
    code: "BENCH201",
    title: "Editor benchmark",
    message: ({ file, blocks }) =>
      `Keystroke to preview on ${file} (${blocks} blocks, the largest page), preview 1366 px wide:`,
    hint: "Read the two figures below.",
  }),
  dom: info<{ stats: string }>({
    code: "BENCH202",
    title: "Preview updated",
    message: ({ stats }) => `  preview DOM updated: ${stats}`,
    hint: "The time from a keystroke to the preview's DOM holding the new text.",
  }),
  paint: info<{ stats: string }>({
    code: "BENCH203",
    title: "Preview painted",
    message: ({ stats }) => `  next frame painted:  ${stats}`,
    hint: "The time from a keystroke to the next frame painted after the update.",
  }),
  goal: info<{ load: string; cores: number }>({
    code: "BENCH204",
    title: "Editor benchmark goal",
    message: ({ load, cores }) =>
      `Goal: under 100 ms. Load average (1, 5, 15 min): ${load} on ${cores} cores; timings on a\nshared machine vary by tens of percent between runs: run it several times.`,
    hint: "Run it on a machine nobody else is using (`uptime`) before reading a slowdown into it.",
  }),
} as const;
