/**
 * Names the page editor's tab, its preview frame and its server share. They are also how `npm run budgets` knows
 * that none of the editor reached the site's build: each of them appears in the editor's code and nowhere in the site.
 */
export const EDITOR_TOKEN_HEADER = "x-editor-token";
/** Where a tab keeps the unsaved edits of a file (localStorage), followed by the file's path. */
export const DRAFT_KEY_PREFIX = "voxa-editor:draft:";
/** The preview frame's function that the editor calls with the document as it is being edited. */
export const PREVIEW_HOOK = "renderPreview";

export const EDITOR_TRACES = [EDITOR_TOKEN_HEADER, DRAFT_KEY_PREFIX, PREVIEW_HOOK] as const;

/** The largest upload to public/media/ the editor's server takes, in MB. */
export const MAX_MEDIA_MB = 20;
/** The largest JSON request (a page document, with room to spare) the editor's server takes, in MB. */
export const MAX_JSON_MB = 2;

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

/** The publisher's review of the team's open requests, in the editor's page; notices link to it. */
export const REVIEW_HASH = "#/review";

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

/** An open review request, as a publisher reviews it. */
export interface OpenRequest extends ReviewRequestInfo {
  title: string;
  /** The request's branch. */
  branch: string;
  /** Who asked for it, from the team editor's line in its description; absent for a request opened elsewhere. */
  askedBy?: { name: string; email: string };
  checks: ChecksState;
}

/** GET /api/requests: the team's open requests, each with its changes in the Changes view's words. */
export interface RequestsAnswer {
  base: string;
  requests: (OpenRequest & { changes: ChangedFile[] })[];
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
