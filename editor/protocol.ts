/**
 * What the page editor's app and its server (and the team editor's) say to each other: the shapes of the answers, the
 * addresses and intervals both sides use. The names that mark the editor's code and the server's limits are the
 * contract's (contract/editor-traces.ts): `npm run budgets` and the catalogue read them.
 */
export {
  DRAFT_KEY_PREFIX,
  EDITOR_TOKEN_HEADER,
  MAX_JSON_MB,
  MAX_MEDIA_MB,
  PREVIEW_HOOK,
} from "../contract/editor-traces.ts";

/** The person signed in to the team editor, as the tab shows them; absent in one person's editor. */
export interface SignedInPerson {
  email: string;
  name: string;
  role: "viewer" | "author" | "publisher" | "admin";
}

/** GET /team/people (admins): who may sign in, from the people file, and who is signed in now. */
export interface TeamPeople {
  file: string;
  people: Record<string, SignedInPerson["role"]>;
  domains: Record<string, SignedInPerson["role"]>;
  signedIn: { email: string; name: string; role: SignedInPerson["role"]; sessions: number; lastSeenAt: number }[];
}

/** One entry of the audit log, as GET /team/audit answers it. */
export interface AuditLine {
  at: number;
  action: string;
  person?: string;
  page?: string;
  detail: Record<string, unknown>;
}

/** GET /api/others-drafts (the team editor): other people's unpublished drafts of one page. */
export interface OthersDraftsAnswer {
  file: string;
  drafts: { email: string; name: string; at: number; kind: ChangeKind; fields: string[] }[];
}

/** GET and POST /team/notices: which e-mail notices the signed-in person wants, and whether the editor sends any. */
export interface NoticesAnswer {
  /** E-mail me when a review is requested (publishers and admins). */
  reviewRequested: boolean;
  /** E-mail me when my request is merged or sent back. */
  ownRequests: boolean;
  /** False when the editor has no SMTP server (SMTP_URL, EDIT_TEAM_MAIL_FROM): nobody is e-mailed. */
  sending: boolean;
}
export const NOTICES_PATH = "/team/notices";

/**
 * The editor's own addresses, one for each of its views, which a person bookmarks, shares, reloads and goes back to:
 * the page list, a page, the site's settings or a shared section (its file after /edit/), the Changes view, the
 * publisher's review (of every open request, or of one by its number; notices link to it) and the admin's Team view.
 * The servers answer each with the editor's page (editor/server/pages.ts), whose router shows the view
 * (editor/app/App.tsx); the patterns are both's.
 */
export const EDITOR_VIEWS = {
  pages: "/",
  edit: "/edit/*",
  changes: "/changes",
  review: "/review",
  request: "/review/:number",
  team: "/team",
  media: "/media-library",
  calendar: "/calendar",
} as const;

/** A file's address in the editor, its path as written (`/edit/site-config/pages/about.json`). */
export const editAddress = (file: string) => `/edit/${file.split("/").map(encodeURIComponent).join("/")}`;

/** The review of one request, by its number on the forge. */
export const requestAddress = (number: number) => `/review/${number}`;

/** Where the tab sends the team editor's sign-out (POST), and the browser afterwards. */
export const SIGN_OUT_PATH = "/team/sign-out";
export const SIGN_IN_PATH = "/team/sign-in";

/** How a content file differs from the base (the published site): added, changed or deleted. */
export type ChangeKind = "added" | "changed" | "deleted";

/** One changed content file, as GET /api/changes lists it. */
export interface ChangedFile {
  /** From the project folder ("site-config/pages/about.json"). */
  file: string;
  kind: ChangeKind;
  /** The page's address on the site ("/about"); absent for site settings, media and a page that does not parse. */
  path?: string;
  /** The changed fields in words ("Industry hero › Heading"); empty for media and new or deleted pages. */
  fields: string[];
}

/** GET /api/changes/base for a page or the site settings: its text as the base has it, null if the base has none. */
export interface BaseText {
  file: string;
  text: string | null;
}

/** GET /api/changes/base for an image or a video: its type, and its bytes (base64) as the base has them, or null. */
export interface BaseMedia {
  file: string;
  /** The file's media type ("image/png", "video/mp4"). */
  type: string;
  data: string | null;
}

export interface ChangesAnswer {
  /** The base as people write it ("origin/main"). */
  base: string;
  changes: ChangedFile[];
  /** Files under the content folders that are not content (a stray .env): listed, never published. */
  notContent: string[];
  /**
   * The changed files whose copy is what was published on the branch under review, not merged yet: Publish and Get
   * latest answer EDIT_GIT_IN_REVIEW about them. Absent when there are none.
   */
  inReview?: { branch: string; files: string[] };
  /** The changed files whose copy was published and merged since: Get latest brings the site's version. Absent when none. */
  merged?: string[];
}

export interface PublishRequest {
  summary: string;
  /** The marketer's name and e-mail, asked once when git has none (EDIT_GIT_NO_IDENTITY). */
  identity?: { name: string; email: string };
}

export type RequestState = "open" | "merged" | "closed";

export interface ReviewRequestInfo {
  number: number;
  url: string;
  state: RequestState;
  /** A merged request's commit on the base (its merge commit, or its squashed commit): what a take-down undoes. */
  mergeCommit?: string;
}

/** Where to open the review request by hand: the forge's page, or a git command on a host the editor does not know. */
export type RequestLink = { compareUrl: string; command?: undefined } | { command: string; compareUrl?: undefined };

export type PublishAnswer = {
  branch: string;
  commit: string;
  /** The base as people write it ("origin/main"). */
  base: string;
  /** Whether the branch is new, rather than one more commit on the branch under review. */
  created: boolean;
  /** The review request opened or found, when a forge token is there. */
  request?: ReviewRequestInfo;
} & RequestLink;

/** What the forge's checks say of a request's latest commit. */
export type ChecksState = "passing" | "failing" | "pending" | "none";

/** A check that failed on a request's latest commit: its name, and the page that says why. */
export interface FailedCheck {
  name: string;
  url?: string;
}

/** An open review request, as a publisher reviews it. */
export interface OpenRequest extends ReviewRequestInfo {
  title: string;
  /** The request's branch. */
  branch: string;
  /** Who asked for it, from the team editor's line in its description; absent for a request opened elsewhere. */
  askedBy?: { name: string; email: string };
  checks: ChecksState;
  /** Each check that failed, by name; none when no check failed. */
  failed?: FailedCheck[];
}

/** GET /api/requests: the team's open requests, each with its changes in the Changes view's words. */
export interface RequestsAnswer {
  base: string;
  requests: (OpenRequest & { changes: ChangedFile[] })[];
}

/** A request merged into the base, as a publisher finds it to take its change down. */
export interface MergedRequest extends ReviewRequestInfo {
  title: string;
  /** The request's branch. */
  branch: string;
  /** Who asked for it, from the team editor's line in its description; absent for a request opened elsewhere. */
  askedBy?: { name: string; email: string };
  /** When the forge merged it (milliseconds since 1970). */
  mergedAt: number;
}

/** GET /api/requests/merged: the requests merged into the base most recently, each with what it changed in words. */
export interface MergedRequestsAnswer {
  base: string;
  requests: (MergedRequest & { changes: ChangedFile[] })[];
}
export const MERGED_REQUESTS_PATH = "/api/requests/merged";

/** GET /api/requests/version: a page of a request as the base had it where the request started, and on its branch. */
export interface RequestVersions {
  /** Null for a page the request adds. */
  before: string | null;
  /** Null for a page the request deletes. */
  after: string | null;
}

export interface PublishedBranch {
  branch: string;
  /** The last commit published to it from this checkout. */
  commit: string;
  state: RequestState;
  request?: ReviewRequestInfo;
}

export interface LatestAnswer {
  /** Whether the checkout moved forward (false: it already had the latest site). */
  updated: boolean;
  files: string[];
  /** The files the person had edited that the update changed too, merged field by field. */
  merged?: string[];
}

/** What a developer running the editor on their own branch chose for this run: publish from it, or edit files only. */
export type BranchChoice = "publish" | "files";

/** GET /api/branch: the checked-out branch against the base, and the choice made for it in this run. */
export interface BranchAnswer {
  /** The checked-out branch ("feature/pricing"); null on a detached HEAD or outside git. */
  branch: string | null;
  /** The base as people write it ("origin/main"). */
  base: string;
  /** Whether the branch is the base's own (the same name, or tracking it): no choice to make. */
  onBase: boolean;
  /** The choice made for this branch in this run; null until it is made. */
  choice: BranchChoice | null;
}

export interface FileVersion {
  commit: string;
  author: string;
  email: string;
  /** ISO 8601, with the author's offset. */
  date: string;
  summary: string;
  /** The file's name in that version (from the project folder): a renamed page had another. */
  file: string;
}

/**
 * A place both the person and someone else changed, in different ways, since the version the person started from:
 * what a save or Get latest answers instead of writing, for the person to choose which to keep.
 */
export interface MergeConflict {
  /** The JSON pointer of the place, which a choice names. */
  path: string;
  /** The place in the words of the form and the Changes view ("Industry hero › Heading"). */
  field: string;
  /** Each side's value; absent where that side has none (a field removed, a block deleted). */
  base?: unknown;
  theirs?: unknown;
  mine?: unknown;
}

/** Which value a person chose to keep for each conflict, by its path. */
export type MergeChoices = Record<string, "theirs" | "mine">;

/** The conflicts of one file, as Get latest answers them. */
export interface FileConflicts {
  file: string;
  conflicts: MergeConflict[];
}

/** POST /api/save: the file's new version; `merged` is the document written when the file changed meanwhile. */
export interface SaveAnswer {
  version: string;
  changed: boolean;
  merged?: Record<string, unknown>;
}

/** Someone with a page open, as the team editor's presence shows them (docs/team-editor.md, "Who is here"). */
export interface PresentPerson {
  email: string;
  name: string;
  /** Up to two letters of the name, for the chip beside the page: "Mia Wong" → "MW". */
  initials: string;
}

/** Where the tab reads who else has which page open: server-sent events, `?file=` naming the page it shows. */
export const PRESENCE_PATH = "/api/presence";

/**
 * The events of the presence stream: `presence` (every page someone else has open, with who: PresenceAnswer) and
 * `lock` (a page's editing lock changed: PageLockEvent).
 */
export interface PresenceAnswer {
  pages: Record<string, PresentPerson[]>;
}

/** How often the tab holding a page's editing lock tells the server it still edits it (the lock lapses without). */
export const LOCK_HEARTBEAT_MS = 20_000;

/** Who holds a page's editing lock (null: nobody), as GET /api/lock and the lock routes answer. */
export interface PageLockAnswer {
  file: string;
  holder: { email: string; name: string } | null;
  /** Whether the holder is the person asking. */
  mine: boolean;
}

/** A page's lock changed: taken, taken over (`takenFrom` lost it), or let go. */
export interface PageLockEvent {
  file: string;
  holder: { email: string; name: string } | null;
  takenFrom?: string;
}

/** A locale of the site, as the editor's page list offers it. */
export interface EditorLocale {
  code: string;
  /** Its name in its own language ("Deutsch"). */
  name: string;
  prefix: string;
  dir: "ltr" | "rtl";
  isDefault: boolean;
}

/** A source page in one translated locale: its translation (when written) and that translation's status. */
export interface LocaleTranslation {
  locale: string;
  /** The source page's file (site-config/pages/…). */
  source: string;
  /** The translation's file, address and title; none while it is missing. */
  file?: string;
  path?: string;
  title?: string;
  /** "unknown": translated, outside a git checkout, where the status cannot be read. */
  state: "missing" | "outdated" | "up-to-date" | "unknown";
  /** The source's fields changed since the translation's last commit, in words (outdated only). */
  changed: readonly string[];
  /**
   * The links Translate would leave out, in words ("Hero › Action 2 (/pricing)"): they lead to pages with no version in
   * the locale (missing only, and only where there are any).
   */
  leftOut?: readonly string[];
}

/** GET /api/translations: the site's locales (the default one first) and every source page in each other one. */
export interface EditorTranslations {
  locales: EditorLocale[];
  translations: LocaleTranslation[];
}

/** GET /api/translations/source: a translation's source page, to show beside its fields; null for any other file. */
export interface TranslationSource {
  source: { file: string; language: string; code: string; value: Record<string, unknown> } | null;
}

/** A page or shared section that shows a picture of the media library, for its "used on" list. */
export interface MediaUse {
  /** From the project folder ("site-config/pages/about.json", "site-config/sections/footer-cta.json"). */
  file: string;
  /** The page's address on the site ("/about"); for a section, the section's id after "section:". */
  path: string;
  title: string;
}

/** One file of public/media/ as the media library lists it. */
export interface MediaFile {
  /** As pages name it ("/media/team/office.jpg"). */
  src: string;
  /** Its name without the folders ("office.jpg"), which the library searches. */
  name: string;
  kind: "image" | "video";
  /** The file's media type ("image/jpeg"). */
  type: string;
  bytes: number;
  /** Read from the file (a picture's pixels, oriented as it shows); absent for a video. */
  width?: number;
  height?: number;
  /** Its framing (site-config/media/<path>.json, docs/media.md), where one is set. */
  focus?: { x: number; y: number };
  crop?: { x: number; y: number; width: number; height: number };
  /** A digest of its bytes: the thumbnail's address changes when the file is replaced. */
  version: string;
  usedOn: MediaUse[];
}

/** A shape the site cuts pictures to (width ÷ height), with the places that use it, for the focal point's previews. */
export interface MediaAspect {
  ratio: number;
  /** "3:2" */
  label: string;
  /** The blocks that cut to it ("Card grid", "Hero (behind the text)"). */
  places: string[];
}

/** GET /api/media/library: every file of public/media/, by name, and the shapes the site cuts pictures to. */
export interface MediaLibraryAnswer {
  files: MediaFile[];
  aspects: MediaAspect[];
}

/** The thumbnail of a library picture: a small WebP the server makes (never the original), addressed by its version. */
export const mediaThumbnailAddress = (file: Pick<MediaFile, "src" | "version">) =>
  `/api/media/thumbnail?src=${encodeURIComponent(file.src)}&v=${file.version}`;

/** The widest a thumbnail is made, in pixels (twice the grid's cell, for dense screens). */
export const MEDIA_THUMBNAIL_WIDTH = 320;

/** A page as the page list shows it, and the link fields suggest it (its path and anchors). */
export interface PageSummary {
  file: string;
  path: string;
  title: string;
  nav: {
    menu?: string;
    label?: string;
    description?: string;
    icon?: string;
    featured?: boolean;
    order?: number;
  } | null;
  anchors: string[];
  /** Set when the file does not parse: it is listed by its name, and opening it says where it breaks. */
  notJson?: true;
}

/** A shared section as the lists show it: its id, name and file, and the pages it changes. */
export interface SectionSummary {
  id: string;
  name: string;
  /** For a locale's own version of a section, the locale's code. */
  locale?: string;
  file: string;
  pages: { file: string; path: string; title: string }[];
}

/**
 * What a schedule does at its time: `publish` merges a review request (the request goes live); `take-down` opens a
 * request of its own that removes live pages or undoes a merged request's change, with the redirects the removed
 * pages need, and merges it the same way.
 */
export type ScheduleKind = "publish" | "take-down";

/**
 * Where a schedule stands: waiting for its time, running (taken by one instance), done, failed (with its reason,
 * retried only by a person) or cancelled. Only a waiting one can be changed or cancelled.
 */
export type ScheduleState = "waiting" | "running" | "done" | "failed" | "cancelled";

/** A live page a take-down removes, as it was when scheduled, and the address its visitors are sent to from then on. */
export interface TakenDownPage {
  file: string;
  path: string;
  title: string;
  /** Another page's address: the page's parent ("/" at the top) unless the publisher named one. */
  redirectTo: string;
}

/**
 * What a take-down brings down: live pages (a campaign page and its translations), or the change of a merged request
 * (each file it changed back to its version before the merge, each file it added removed). A page the change added
 * leads to `change.redirectTo` when given, else to its parent address.
 */
export interface TakeDown {
  pages: TakenDownPage[];
  change?: { number: number; title?: string; redirectTo?: string };
}

/** One scheduled publication or take-down, as GET /api/schedules answers it. */
export interface Schedule {
  id: number;
  kind: ScheduleKind;
  /** A publish's review request, which it merges, by its number on the forge, with its title when it was scheduled. */
  request?: { number: number; title: string };
  /** A take-down's pages or change. */
  takeDown?: TakeDown;
  /** The wall-clock time the person chose, in their zone: "2026-12-14T09:00". */
  localTime: string;
  /** The IANA zone it was given in: "Europe/Berlin". */
  timeZone: string;
  /** The moment it runs, in UTC (milliseconds since 1970): `localTime` in `timeZone`. */
  at: number;
  state: ScheduleState;
  scheduledBy: { name: string; email: string };
  createdAt: number;
  updatedAt: number;
  /** When it ran (done or failed), and by how much after its time it did (a missed minute, run at start-up). */
  ranAt?: number;
  lateByMs?: number;
  /** A failed schedule's reason, in the catalogue's words. */
  failure?: { code: string; message: string };
}

/** GET /api/schedules: every schedule not yet run, and those run or cancelled in the last 30 days, by time. */
export interface SchedulesAnswer {
  schedules: Schedule[];
}
export const SCHEDULES_PATH = "/api/schedules";

/** POST /api/schedules (a publisher): merge request `number` at `localTime` in `timeZone`. */
export interface ScheduleRequest {
  number: number;
  localTime: string;
  timeZone: string;
}

/**
 * POST /api/schedules/take-down (a publisher): at `localTime` in `timeZone`, remove the live `pages` (each file with
 * the address it then leads to, "" for its parent), or undo the change of merged request `number` (its added pages
 * leading to `redirectTo`, or each to its parent). One of `pages` and `number`.
 */
export interface TakeDownScheduleRequest {
  pages?: Record<string, string>;
  number?: number;
  redirectTo?: string;
  localTime: string;
  timeZone: string;
}
export const TAKE_DOWN_PATH = `${SCHEDULES_PATH}/take-down`;

/** The address a removed page leads to unless another is named: its parent ("/de/offers/winter" → "/de/offers"). */
export const parentAddress = (address: string) => address.replace(/\/[^/]*\/?$/, "") || "/";

/** The way into a review request's preview from the editor: it signs the person in to the preview's own origin. */
export const previewAddress = (number: number) => `/preview/${number}`;

/**
 * GET /api/previews/status: where a request's preview stands. `ready` serves the request's branch at `tip`; while a
 * newer tip builds (`building`) or after its build failed (`failed`, with the build's words), the last ready one
 * still serves when `builtAt` is given.
 */
export interface PreviewStatus {
  number: number;
  /** `off`: the editor builds no previews (EDIT_TEAM_PREVIEWS=off). */
  state: "off" | "absent" | "building" | "ready" | "failed";
  /** The preview's own address (its origin), where a signed-in person lands through `previewAddress`. */
  origin: string;
  tip?: string;
  /** When the preview that serves now was built. */
  builtAt?: number;
  /** How it was built: every page, or how many pages it rendered again. */
  summary?: string;
  /** A failed build's own words. */
  message?: string;
}

/** A share link of a request's preview, as a publisher's list shows it: never its token. */
export interface PreviewShareInfo {
  id: string;
  number: number;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  revokedBy?: string;
  revokedAt?: number;
  state: "active" | "expired" | "revoked";
}

/** POST /api/previews/shares: the link made, which only this answer holds. */
export interface PreviewShareMade {
  id: string;
  url: string;
  expiresAt: number;
}
