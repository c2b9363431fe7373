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
  type RequestsAnswer,
  type SignedInPerson,
  type TeamPeople,
  type FileVersion,
  type LatestAnswer,
  type PublishAnswer,
  type PublishRequest,
  type PublishedBranch,
} from "../../contract/editor-protocol.ts";

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
  /** The team editor: other people's unpublished drafts of a page. */
  othersDrafts: (file: string) =>
    call<OthersDraftsAnswer>("GET", `/api/others-drafts?file=${encodeURIComponent(file)}`),
  /** A publisher's: the team's open review requests, merged or sent back with a comment. */
  requests: () => call<RequestsAnswer>("GET", "/api/requests"),
  mergeRequest: (number: number) =>
    call<{ code: string; message: string }>("POST", "/api/requests/merge", JSON.stringify({ number })),
  sendBack: (number: number, comment: string) =>
    call<{ code: string; message: string }>("POST", "/api/requests/send-back", JSON.stringify({ number, comment })),
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
  save: (file: string, value: unknown, version: string, force = false) =>
    call<{ version: string; changed: boolean }>("POST", "/api/save", JSON.stringify({ file, value, version, force })),
  createPage: (template: string, slug: string, name: string) =>
    call<{ file: string; path: string }>("POST", "/api/pages", JSON.stringify({ template, slug, name })),
  duplicatePage: (file: string, slug: string) =>
    call<{ file: string; path: string }>("POST", "/api/pages/duplicate", JSON.stringify({ file, slug })),
  upload: (file: File) =>
    call<{ src: string }>(
      "POST",
      `/api/media?name=${encodeURIComponent(file.name)}`,
      file,
      file.type || "application/octet-stream",
    ),
  changes: () => call<ChangesAnswer>("GET", "/api/changes"),
  baseVersion: (file: string) => call<BaseText>("GET", `/api/changes/base?file=${encodeURIComponent(file)}`),
  baseMedia: (file: string) => call<BaseMedia>("GET", `/api/changes/base?file=${encodeURIComponent(file)}`),
  discard: (file: string) =>
    call<{ file: string; discarded: ChangeKind | null }>("POST", "/api/changes/discard", JSON.stringify({ file })),
  publish: (request: PublishRequest) => call<PublishAnswer>("POST", "/api/publish", JSON.stringify(request)),
  published: () => call<{ published: PublishedBranch[] }>("GET", "/api/published"),
  getLatest: () => call<LatestAnswer>("POST", "/api/get-latest", "{}"),
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
