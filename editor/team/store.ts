import type { ScheduleKind } from "../protocol.ts";
import type { Role } from "./roles.ts";
import type { PreviewStore } from "./previews/preview-store.ts";
import type { NewSchedule, ScheduleClaim, ScheduleOutcome, ScheduleRecord, ScheduleTime } from "./schedule-rows.ts";

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
  "take-over",
  "role-change",
  "schedule",
  "schedule-change",
  "schedule-cancel",
  "schedule-retry",
  "schedule-run",
  "schedule-failed",
  "preview-share",
  "preview-share-revoke",
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
export interface TeamStore extends PreviewStore {
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
  /** Holds a page's lock when it is free, lapsed or the claimant's own (a heartbeat); answers whoever holds it now. */
  holdLock(claim: LockClaim): Promise<PageLock>;
  /** Holds a page's lock whoever held it; a live holder other than the claimant is recorded as taken from. */
  takeOverLock(claim: LockClaim): Promise<PageLock>;
  /** Lets go of a page's lock if `holder` holds it. */
  releaseLock(file: string, holder: string): Promise<void>;
  findLock(file: string): Promise<PageLock | undefined>;
  /** Adds a waiting schedule; undefined when its request already has one of its kind waiting or running. */
  addSchedule(schedule: NewSchedule): Promise<ScheduleRecord | undefined>;
  findSchedule(id: number): Promise<ScheduleRecord | undefined>;
  /** The request's schedule of `kind` (its publication, or the take-down of its change) waiting or running, if any. */
  unfinishedScheduleOf(number: number, kind: ScheduleKind): Promise<ScheduleRecord | undefined>;
  /** Gives a waiting schedule a new time, set by `by`; undefined when it is not waiting (or not there). */
  changeSchedule(id: number, time: ScheduleTime, by: ScheduleBy, now: number): Promise<ScheduleRecord | undefined>;
  /** Cancels a waiting schedule; undefined when it is not waiting (or not there). */
  cancelSchedule(id: number, now: number): Promise<ScheduleRecord | undefined>;
  /** Makes a failed schedule wait again at a new time, set by `by`; undefined when it had not failed. */
  retrySchedule(id: number, time: ScheduleTime, by: ScheduleBy, now: number): Promise<ScheduleRecord | undefined>;
  /** Those waiting or running, and those that ended (or changed) since `since`, by their time. */
  listSchedules(since: number): Promise<ScheduleRecord[]>;
  /**
   * Takes the first due schedule for `claim.by` until `claim.until`, atomically: of several instances asking at once,
   * one gets it. Due: waiting and its time come, or running with its claimant's lease lapsed.
   */
  claimDueSchedule(claim: ScheduleClaim): Promise<ScheduleRecord | undefined>;
  /** Ends a run, only while `by` still holds its claim; undefined when it does not (another instance took it). */
  finishSchedule(id: number, by: string, outcome: ScheduleOutcome): Promise<ScheduleRecord | undefined>;
  /** When a schedule may next be due (a waiting one's time, a running one's lease's end), if any is unfinished. */
  nextScheduleAt(): Promise<number | undefined>;
  close(): Promise<void>;
}

/** Who sets a schedule's time. */
export type ScheduleBy = { name: string; email: string };

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

/** A page's editing lock as the store keeps it: whether it is still live is the lock rules' to say (lock-rules.ts). */
export interface PageLock {
  file: string;
  /** The holder's address, and their name as others read it ("Mia is editing this page"). */
  holder: string;
  name: string;
  heartbeatAt: number;
  /** Whom it was last taken over from, and when. */
  takenFrom?: string;
  takenAt?: number;
}

/** Who asks for a page's lock, and when a lock last heard of before `lapsedBefore` counts as let go. */
export interface LockClaim {
  file: string;
  holder: string;
  name: string;
  at: number;
  lapsedBefore: number;
}

/** The parameters of the lock statements, in the order PostgreSQL numbers them ($1…); SQLite names them (@file…). */
export const LOCK_PARAMS = ["file", "holder", "name", "at", "lapsedBefore"] as const;
type LockParam = (typeof LOCK_PARAMS)[number];

const lockInsert = (p: (name: LockParam) => string) =>
  `INSERT INTO team_page_locks (file, holder, name, heartbeat_at) VALUES (${p("file")}, ${p("holder")}, ${p("name")}, ${p("at")})
   ON CONFLICT (file) DO UPDATE SET holder = excluded.holder, name = excluded.name, heartbeat_at = excluded.heartbeat_at,`;
const sameHolder = "team_page_locks.holder = excluded.holder";

/**
 * The statements of both stores, by how each names its parameters. Holding takes a free or lapsed lock or renews
 * one's own (a take-over's record kept while the same person holds it), and changes nothing when someone else holds a
 * live one; taking over holds it whoever held it, recording a live holder it was taken from. Each answers the row.
 */
export const lockStatements = (p: (name: LockParam) => string) => ({
  hold: `${lockInsert(p)}
     taken_from = CASE WHEN ${sameHolder} THEN team_page_locks.taken_from ELSE NULL END,
     taken_at = CASE WHEN ${sameHolder} THEN team_page_locks.taken_at ELSE NULL END
     WHERE ${sameHolder} OR team_page_locks.heartbeat_at <= ${p("lapsedBefore")}
     RETURNING *`,
  takeOver: `${lockInsert(p)}
     taken_from = CASE WHEN ${sameHolder} THEN team_page_locks.taken_from
       WHEN team_page_locks.heartbeat_at <= ${p("lapsedBefore")} THEN NULL ELSE team_page_locks.holder END,
     taken_at = CASE WHEN ${sameHolder} THEN team_page_locks.taken_at
       WHEN team_page_locks.heartbeat_at <= ${p("lapsedBefore")} THEN NULL ELSE excluded.heartbeat_at END
     RETURNING *`,
});

/** A lock from its row. */
export const toLock = (row: Row): PageLock => ({
  file: String(row.file),
  holder: String(row.holder),
  name: String(row.name),
  heartbeatAt: Number(row.heartbeat_at),
  ...(row.taken_from === null ? {} : { takenFrom: String(row.taken_from), takenAt: Number(row.taken_at) }),
});
