import type { BlockMeta } from "../block-meta.ts";
import { type AnyEntry, type ArgsOf, type EditorError, editorErrors, messageOf } from "../../contract/errors.ts";
import type { SchemaFiles } from "../../contract/schema-tree.ts";
import type { SectionDoc } from "../../contract/sections.ts";
import type { Problem as ValidationProblem } from "../../toolchain/validate.ts";
import {
  type BaseMedia,
  type BaseText,
  type BranchAnswer,
  type BranchChoice,
  type ChangeKind,
  type ChangesAnswer,
  EDITOR_TOKEN_HEADER,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  type AuditLine,
  NOTICES_PATH,
  type NoticesAnswer,
  type OthersDraftsAnswer,
  type PageLockAnswer,
  type PreviewShareInfo,
  type PreviewShareMade,
  type PreviewStatus,
  type RequestsAnswer,
  type RequestVersions,
  MERGED_REQUESTS_PATH,
  type MergedRequestsAnswer,
  SCHEDULES_PATH,
  type Schedule,
  type ScheduleRequest,
  type SchedulesAnswer,
  TAKE_DOWN_PATH,
  type TakeDownScheduleRequest,
  type SignedInPerson,
  type TeamPeople,
  type FileVersion,
  type MediaFile,
  type PageSummary,
  type SectionSummary,
  type MediaLibraryAnswer,
  type LatestAnswer,
  type MergeChoices,
  type SaveAnswer,
  type PublishAnswer,
  type PublishRequest,
  type PublishedBranch,
  type EditorTranslations,
  type TranslationSource,
} from "../protocol.ts";

export type { PageSummary, SectionSummary } from "../protocol.ts";

/** A problem as `npm run validate` reports it, with the catalogue's fix beside it. */
export type Problem = ValidationProblem & {
  /** How to fix it, from the catalogue. */
  hint: string;
};

export interface Bootstrap {
  schemas: SchemaFiles;
  /** Every block type, from the block folders. */
  blocks: BlockMeta[];
  pages: PageSummary[];
  templates: string[];
  media: string[];
  /**
   * Whether the project is a git checkout. Outside one the page list asks git nothing (every answer would be a
   * refusal the browser logs as an error); the Changes view, opened all the same, says why it cannot tell.
   */
  git: boolean;
  /** The shared sections by id, which a page places by reference (docs/sections.md). */
  sections: Record<string, SectionDoc>;
  /** Each locale's own versions of sections by id, placed on its pages instead of the source's. */
  localeSections: Record<string, Record<string, SectionDoc>>;
  /** Every shared section with the pages that place it. */
  sectionList: SectionSummary[];
  /** The signed-in person, in the team editor. */
  person?: SignedInPerson;
}

export interface OpenedDocument {
  file: string;
  schema: string;
  value: Record<string, unknown>;
  version: string;
}

/** A refused request, with the catalogue entry the server answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: EditorError,
    readonly body: Record<string, unknown>,
  ) {
    super(error.message);
  }
}

/** What a failed request tells the marketer: the catalogue's message and fix, and the problems it located, if any. */
export function failureOf(error: unknown): { title: string; message: string; problems: Problem[] } {
  if (!(error instanceof ApiError)) return { title: editorErrors.failed.title, message: String(error), problems: [] };
  const problems = Array.isArray(error.body.problems) ? (error.body.problems as Problem[]) : [];
  return { title: error.error.title, message: `${error.error.message} ${error.error.hint}`, problems };
}

/** A refusal as the marketer reads it: the catalogue's title, what happened and what to do. */
export interface Refusal {
  title: string;
  message: string;
  hint: string;
}

/** A catalogue entry with its parameters, as the tab shows it (a refusal, or a result with the same three parts). */
export const catalogueLine = <E extends AnyEntry>(entry: E, ...args: ArgsOf<E>): Refusal => ({
  title: entry.title,
  message: messageOf(entry, ...args),
  hint: entry.hint,
});

/**
 * A failed request as the server's refusal: its answer when it gave one, else (the editor's server stopped, the tab
 * lost its connection) the catalogue's "request failed".
 */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError(0, editorErrors.failed, {});

const textOf = (value: unknown, otherwise: string) => (typeof value === "string" ? value : otherwise);

/**
 * The refusal a failed request carries (the server's catalogue entry, with the reason and fix its answer gives, as a
 * scaffold's words for a taken slug), or the editor's own when it got no answer.
 */
export function refusalOf(error: unknown): Refusal {
  const { error: entry, body } = asApiError(error);
  return { title: entry.title, message: textOf(body.reason, entry.message), hint: textOf(body.hint, entry.hint) };
}

const token = () => document.querySelector<HTMLMetaElement>('meta[name="editor-token"]')?.content ?? "";

async function call<T>(method: string, url: string, body?: BodyInit, type = "application/json"): Promise<T> {
  const response = await fetch(url, {
    method,
    body,
    headers: method === "GET" ? {} : { "content-type": type, [EDITOR_TOKEN_HEADER]: token() },
  });
  const json = (await response.json()) as T & { error?: EditorError };
  if (!response.ok) throw new ApiError(response.status, json.error!, json as Record<string, unknown>);
  return json;
}

export const api = {
  /** The team editor: a page's editing lock, read, held (or its heartbeat), taken over and let go. */
  lock: (file: string) => call<PageLockAnswer>("GET", `/api/lock?file=${encodeURIComponent(file)}`),
  holdLock: (file: string) => call<PageLockAnswer>("POST", "/api/lock", JSON.stringify({ file })),
  takeOver: (file: string) => call<PageLockAnswer>("POST", "/api/lock/take-over", JSON.stringify({ file })),
  /** Sent with keepalive, so that it leaves even as the tab closes. */
  releaseLock: (file: string) =>
    void fetch("/api/lock/release", {
      method: "POST",
      keepalive: true,
      body: JSON.stringify({ file }),
      headers: { "content-type": "application/json", [EDITOR_TOKEN_HEADER]: token() },
    }).catch(() => undefined),
  /** The team editor: other people's unpublished drafts of a page. */
  othersDrafts: (file: string) =>
    call<OthersDraftsAnswer>("GET", `/api/others-drafts?file=${encodeURIComponent(file)}`),
  /** A publisher's: the team's open review requests, merged or sent back with a comment. */
  requests: () => call<RequestsAnswer>("GET", "/api/requests"),
  /** The requests merged most recently, each with what it changed: what a publisher may take down. */
  mergedRequests: () => call<MergedRequestsAnswer>("GET", MERGED_REQUESTS_PATH),
  requestVersions: (number: number, file: string) =>
    call<RequestVersions>("GET", `/api/requests/version?number=${number}&file=${encodeURIComponent(file)}`),
  mergeRequest: (number: number) =>
    call<{ code: string; message: string }>("POST", "/api/requests/merge", JSON.stringify({ number })),
  sendBack: (number: number, comment: string) =>
    call<{ code: string; message: string }>("POST", "/api/requests/send-back", JSON.stringify({ number, comment })),
  /** The team's schedules (anyone signed in); a publisher's: a request's merge at a time in a zone, changed while it waits. */
  schedules: () => call<SchedulesAnswer>("GET", SCHEDULES_PATH),
  schedule: (request: ScheduleRequest) => call<Schedule>("POST", SCHEDULES_PATH, JSON.stringify(request)),
  changeSchedule: (id: number, localTime: string, timeZone: string) =>
    call<Schedule>("POST", `${SCHEDULES_PATH}/change`, JSON.stringify({ id, localTime, timeZone })),
  cancelSchedule: (id: number) => call<Schedule>("POST", `${SCHEDULES_PATH}/cancel`, JSON.stringify({ id })),
  /** A publisher's: live pages, or a merged request's change, taken down at a time with their redirects. */
  takeDown: (request: TakeDownScheduleRequest) => call<Schedule>("POST", TAKE_DOWN_PATH, JSON.stringify(request)),
  /** A failed schedule waits again, at a new time. */
  retrySchedule: (id: number, localTime: string, timeZone: string) =>
    call<Schedule>("POST", `${SCHEDULES_PATH}/retry`, JSON.stringify({ id, localTime, timeZone })),
  /** Where a request's preview stands (anyone signed in); a publisher's share links of it, made, listed and revoked. */
  previewStatus: (number: number) => call<PreviewStatus>("GET", `/api/previews/status?number=${number}`),
  previewShares: (number: number) =>
    call<{ shares: PreviewShareInfo[] }>("GET", `/api/previews/shares?number=${number}`),
  sharePreview: (number: number, days: number) =>
    call<PreviewShareMade>("POST", "/api/previews/shares", JSON.stringify({ number, days })),
  revokePreviewShare: (id: string) =>
    call<PreviewShareInfo>("POST", "/api/previews/shares/revoke", JSON.stringify({ id })),
  /** An admin's: who may sign in and who is signed in. */
  people: () => call<TeamPeople>("GET", "/team/people"),
  endSessions: (email: string) =>
    call<{ code: string; message: string }>("POST", "/team/people/sessions/end", JSON.stringify({ email })),
  /** An admin's: the audit log, by `query` (person, page, day). */
  audit: (query: string) => call<{ entries: AuditLine[] }>("GET", `/team/audit${query ? `?${query}` : ""}`),
  /** The signed-in person's own e-mail notices: which they want, and whether the editor sends any. */
  notices: () => call<NoticesAnswer>("GET", NOTICES_PATH),
  setNotices: (change: Partial<Pick<NoticesAnswer, "reviewRequested" | "ownRequests">>) =>
    call<NoticesAnswer>("POST", NOTICES_PATH, JSON.stringify(change)),
  /** Ends the team editor's session on the server, then shows the sign-in page. */
  signOut: async () => {
    await call<unknown>("POST", SIGN_OUT_PATH, "{}").catch(() => undefined);
    location.assign(SIGN_IN_PATH);
  },
  bootstrap: () => call<Bootstrap>("GET", "/api/bootstrap"),
  pages: () => call<Pick<Bootstrap, "pages" | "media">>("GET", "/api/pages"),
  open: (file: string) => call<OpenedDocument>("GET", `/api/document?file=${encodeURIComponent(file)}`),
  validate: (file: string, value: unknown) =>
    call<{ problems: Problem[] }>("POST", "/api/validate", JSON.stringify({ file, value })),
  /** The document with every block in an older shape brought to its type's latest version (nothing is written). */
  migratePreview: (file: string, value: unknown) =>
    call<{ value: Record<string, unknown> }>("POST", "/api/migrate-preview", JSON.stringify({ file, value })),
  /**
   * Saves `value`, made on `version` of the file, which held `base` (left out when unknown); `choices` settle the
   * conflicts an earlier answer listed. `merged` is what was written when the file had changed meanwhile.
   */
  save: (file: string, value: unknown, version: string, base?: unknown, choices?: MergeChoices) =>
    call<SaveAnswer>("POST", "/api/save", JSON.stringify({ file, value, version, base, choices })),
  createPage: (template: string, slug: string, name: string) =>
    call<{ file: string; path: string }>("POST", "/api/pages", JSON.stringify({ template, slug, name })),
  duplicatePage: (file: string, slug: string) =>
    call<{ file: string; path: string }>("POST", "/api/pages/duplicate", JSON.stringify({ file, slug })),
  renameSection: (section: string, to: string) =>
    call<{ file: string; files: string[] }>("POST", "/api/sections/rename", JSON.stringify({ section, to })),
  deleteSection: (section: string) =>
    call<{ deleted: string }>("POST", "/api/sections/delete", JSON.stringify({ section })),
  /** A locale's own version of a section, a copy of the source's to translate (docs/sections.md). */
  translateSection: (section: string, locale: string) =>
    call<{ file: string }>("POST", "/api/sections/translate", JSON.stringify({ section, locale })),
  translations: () => call<EditorTranslations>("GET", "/api/translations"),
  translationSource: (file: string) =>
    call<TranslationSource>("GET", `/api/translations/source?file=${encodeURIComponent(file)}`),
  translate: (file: string, locale: string, path: string) =>
    call<{ file: string; path: string }>("POST", "/api/translations", JSON.stringify({ file, locale, path })),
  upload: (file: File) =>
    call<{ src: string }>(
      "POST",
      `/api/media?name=${encodeURIComponent(file.name)}`,
      file,
      file.type || "application/octet-stream",
    ),
  /** The media library: every file of public/media/ with its pages, and the shapes the site cuts pictures to. */
  mediaLibrary: () => call<MediaLibraryAnswer>("GET", "/api/media/library"),
  /** Puts new bytes under a library file's name, keeping every reference to it (same format as its name says). */
  replaceMedia: (src: string, file: File) =>
    call<{ src: string; version: string }>(
      "PUT",
      `/api/media/file?src=${encodeURIComponent(src)}`,
      file,
      file.type || "application/octet-stream",
    ),
  /** Renames a library file (`to`: its new name in the same folder) and every page and section naming it. */
  renameMedia: (src: string, to: string) =>
    call<{ src: string; files: string[] }>("POST", "/api/media/rename", JSON.stringify({ src, to })),
  /** Deletes a library file no page or section uses, with its framing; refused (EDIT_MEDIA_IN_USE) while one does. */
  deleteMedia: (src: string) => call<{ deleted: string[] }>("POST", "/api/media/delete", JSON.stringify({ src })),
  /** Sets a picture's focal point and crop (site-config/media/<path>.json); neither removes its framing. */
  frameMedia: (src: string, framing: Pick<MediaFile, "focus" | "crop">) =>
    call<{ file: string }>("POST", "/api/media/framing", JSON.stringify({ src, ...framing })),
  changes: () => call<ChangesAnswer>("GET", "/api/changes"),
  baseVersion: (file: string) => call<BaseText>("GET", `/api/changes/base?file=${encodeURIComponent(file)}`),
  baseMedia: (file: string) => call<BaseMedia>("GET", `/api/changes/base?file=${encodeURIComponent(file)}`),
  discard: (file: string) =>
    call<{ file: string; discarded: ChangeKind | null }>("POST", "/api/changes/discard", JSON.stringify({ file })),
  publish: (request: PublishRequest) => call<PublishAnswer>("POST", "/api/publish", JSON.stringify(request)),
  published: () => call<{ published: PublishedBranch[] }>("GET", "/api/published"),
  /** `choices` settle, file by file, the conflicts an earlier answer listed. */
  getLatest: (choices?: Record<string, MergeChoices>) =>
    call<LatestAnswer>("POST", "/api/get-latest", JSON.stringify(choices ? { choices } : {})),
  history: (file: string) =>
    call<{ file: string; versions: FileVersion[] }>("GET", `/api/history?file=${encodeURIComponent(file)}`),
  version: (file: string, commit: string) =>
    call<{ file: string; commit: string; text: string }>(
      "GET",
      `/api/history/version?file=${encodeURIComponent(file)}&commit=${encodeURIComponent(commit)}`,
    ),
  branch: () => call<BranchAnswer>("GET", "/api/branch"),
  chooseBranch: (choice: BranchChoice) => call<BranchAnswer>("POST", "/api/branch/choice", JSON.stringify({ choice })),
};
