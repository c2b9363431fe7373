import type { Role } from "./roles.ts";

/** A session as the server keeps it: found by the hash of its id, never by the id itself. */
export interface SessionRecord {
  idHash: string;
  email: string;
  /** As the provider gives it; for a link, from the address ("jane.smith@…" → "Jane Smith"). */
  name: string;
  role: Role;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
}

/** One file of a person's drafts, from the project folder; null content: they deleted it. */
export interface Draft {
  file: string;
  content: Buffer | null;
}

/** A draft from its row (both stores name the columns alike). */
export const toDraft = (row: Row): Draft => ({
  file: String(row.file),
  content: row.content === null ? null : Buffer.from(row.content as Uint8Array),
});

/** A provider sign-in under way, kept server-side until its callback. */
export interface SignInFlow {
  idHash: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
}

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "sessions-ended",
  "save",
  "publish",
  "merge",
  "discard",
  "restore",
  "role-change",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  at: number;
  action: AuditAction;
  /** Who did it (or tried to): an address; undefined when a failed sign-in named none. */
  person?: string;
  /** The file it touched, for saves, discards and restores. */
  page?: string;
  /** What else the entry says (branch, request, reason, role): never a token or a session id. */
  detail: Record<string, string | number>;
}

export interface AuditQuery {
  person?: string;
  page?: string;
  /** A UTC day, YYYY-MM-DD. */
  day?: string;
}

/** Which e-mail notices a person wants; each is on until they turn it off. */
export interface NoticePreferences {
  /** A publisher's: someone asked for a review. */
  reviewRequested: boolean;
  /** An author's: their own request was merged or sent back. */
  ownRequests: boolean;
}

export const NOTICES_ON: NoticePreferences = { reviewRequested: true, ownRequests: true };

/** A person's preferences from their row; every notice on when they have none. */
export const toNoticePreferences = (row: Row | undefined): NoticePreferences =>
  row ? { reviewRequested: Boolean(row.review_requested), ownRequests: Boolean(row.own_requests) } : NOTICES_ON;

/** Where the team editor keeps its state. Every method is async so that a PostgreSQL store can implement it too. */
export interface TeamStore {
  createSession(session: SessionRecord): Promise<void>;
  findSession(idHash: string): Promise<SessionRecord | undefined>;
  touchSession(idHash: string, at: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Every session kept, live or not yet found expired. */
  listSessions(): Promise<SessionRecord[]>;
  /** Ends every session of a person; answers how many there were. */
  deleteSessionsOf(email: string): Promise<number>;
  saveLinkToken(tokenHash: string, email: string, expiresAt: number): Promise<void>;
  /** Removes the token and answers its address if it had not expired: a token works once. */
  takeLinkToken(tokenHash: string, now: number): Promise<string | undefined>;
  saveFlow(flow: SignInFlow): Promise<void>;
  /** Removes the flow and answers it if it had not expired. */
  takeFlow(idHash: string, now: number): Promise<SignInFlow | undefined>;
  /** Records an attempt under a key and answers how many that key made since `since` (this one included). */
  countAttempt(key: string, now: number, since: number): Promise<number>;
  appendAudit(entry: AuditEntry): Promise<void>;
  /** Replaces a person's drafts as a whole at `at`; answers their new revision. */
  replaceDrafts(person: string, drafts: Draft[], at: number): Promise<number>;
  /** Every person's draft of one file, with when their drafts last changed. */
  draftsOfFile(file: string): Promise<(Draft & { person: string; updatedAt: number })[]>;
  /** A person's drafts and their revision (0: never saved). */
  draftsOf(person: string): Promise<{ revision: number; drafts: Draft[] }>;
  draftRevision(person: string): Promise<number>;
  queryAudit(query: AuditQuery): Promise<AuditEntry[]>;
  /** A person's e-mail notices (all on unless they turned one off). */
  noticePreferences(email: string): Promise<NoticePreferences>;
  setNoticePreferences(email: string, preferences: NoticePreferences, at: number): Promise<void>;
  close(): Promise<void>;
}

/** The UTC day of a moment, as the audit log files it. */
export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A row as a database driver answers it. */
export type Row = Record<string, unknown>;

/** A session from its row (both stores name the columns alike). */
export const toSession = (row: Row): SessionRecord => ({
  idHash: String(row.id_hash),
  email: String(row.email),
  name: String(row.name ?? ""),
  role: row.role as Role,
  csrfToken: String(row.csrf_token),
  createdAt: Number(row.created_at),
  lastSeenAt: Number(row.last_seen_at),
});

/** A sign-in under way from its row, or undefined when it has expired by `now`. */
export const toFlow = (row: Row | undefined, now: number): SignInFlow | undefined =>
  !row || Number(row.expires_at) <= now
    ? undefined
    : {
        idHash: String(row.id_hash),
        state: String(row.state),
        nonce: String(row.nonce),
        codeVerifier: String(row.code_verifier),
        expiresAt: Number(row.expires_at),
      };

/** The audit table's columns, and an entry's values in their order, for either store's insert. */
export const AUDIT_COLUMNS = "at, day, action, person, page, detail";
export const auditRow = (entry: AuditEntry): unknown[] => [
  entry.at,
  dayOf(entry.at),
  entry.action,
  entry.person ?? null,
  entry.page ?? null,
  JSON.stringify(entry.detail),
];

/** An audit entry from its row. */
export const toAudit = (row: Row): AuditEntry => ({
  at: Number(row.at),
  action: row.action as AuditAction,
  ...(row.person === null ? {} : { person: String(row.person) }),
  ...(row.page === null ? {} : { page: String(row.page) }),
  detail: JSON.parse(String(row.detail)) as AuditEntry["detail"],
});
