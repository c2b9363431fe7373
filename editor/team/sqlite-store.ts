import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { readTeamMigrations } from "./migrations.ts";
import { previewRecords } from "./previews/preview-store.ts";
import {
  ONE_PER_REQUEST,
  SCHEDULE_COLUMNS,
  SCHEDULE_SQL,
  finishValues,
  type ScheduleValues,
  scheduleRow,
  scheduleValues,
  toSchedule,
} from "./schedule-rows.ts";
import {
  AUDIT_COLUMNS,
  auditRow,
  toAudit,
  toFlow,
  toDraft,
  toNoticePreferences,
  toSession,
  type Row,
  type SignInFlow,
  type TeamStore,
  lockStatements,
  toLock,
} from "./store.ts";

function migrate(db: Database.Database): void {
  db.exec(
    "CREATE TABLE IF NOT EXISTS team_schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const applied = new Set(db.prepare("SELECT version FROM team_schema_migrations").pluck().all() as number[]);
  for (const { version, name, sql } of readTeamMigrations("sqlite")) {
    if (applied.has(version)) continue;
    db.transaction(() => {
      db.exec(sql);
      db.prepare("INSERT INTO team_schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        version,
        name,
        Date.now(),
      );
    })();
  }
}

/** The team editor's store in one SQLite file (the default: one editor process owns it). */
export function createSqliteTeamStore(file: string): TeamStore {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  migrate(db);
  const locks = lockStatements((name) => `@${name}`);
  const findLock = (file: string) => {
    const row = db.prepare("SELECT * FROM team_page_locks WHERE file = ?").get(file) as Row | undefined;
    return row && toLock(row);
  };
  const revisionOf = (person: string) =>
    Number(db.prepare("SELECT revision FROM team_draft_revisions WHERE person = ?").pluck().get(person) ?? 0);
  const schedule = (sql: string, given: ScheduleValues) => {
    const row = db.prepare(sql).get(scheduleValues(given)) as Row | undefined;
    return row && toSchedule(row);
  };
  return {
    ...previewRecords(async (sql, values) => {
      const statement = db.prepare(sql);
      // better-sqlite3 takes the parameters a statement names, no other.
      const named = Object.fromEntries([...sql.matchAll(/@([a-zA-Z]+)/g)].map(([, name]) => [name!, values[name!]]));
      return statement.reader ? (statement.all(named) as Row[]) : (statement.run(named), []);
    }),
    async addSchedule(s) {
      const row = db
        .prepare(
          `INSERT INTO team_schedules (${SCHEDULE_COLUMNS}) VALUES (${scheduleRow(s).map(() => "?")})
           ${ONE_PER_REQUEST} RETURNING *`,
        )
        .get(...scheduleRow(s)) as Row | undefined;
      return row && toSchedule(row);
    },
    async findSchedule(id) {
      return schedule(SCHEDULE_SQL.find, { id });
    },
    async unfinishedScheduleOf(number, kind) {
      return schedule(SCHEDULE_SQL.unfinishedOf, { number, kind });
    },
    async changeSchedule(id, time, by, now) {
      return schedule(SCHEDULE_SQL.change, { id, ...time, ...by, now });
    },
    async cancelSchedule(id, now) {
      return schedule(SCHEDULE_SQL.cancel, { id, now });
    },
    async retrySchedule(id, time, by, now) {
      return schedule(SCHEDULE_SQL.retry, { id, ...time, ...by, now });
    },
    async listSchedules(since) {
      return (db.prepare(SCHEDULE_SQL.list).all(scheduleValues({ since })) as Row[]).map(toSchedule);
    },
    async claimDueSchedule(claim) {
      // IMMEDIATE: the write lock is taken before the due schedule is read, so another process's claim waits for it.
      return db
        .transaction(() => {
          const id = db.prepare(SCHEDULE_SQL.firstDue).pluck().get(scheduleValues(claim)) as number | undefined;
          return id === undefined ? undefined : schedule(SCHEDULE_SQL.claim, { ...claim, id });
        })
        .immediate();
    },
    async finishSchedule(id, by, outcome) {
      return schedule(SCHEDULE_SQL.finish, finishValues(id, by, outcome));
    },
    async nextScheduleAt() {
      const next = db.prepare(SCHEDULE_SQL.next).pluck().get(scheduleValues({})) as number | null;
      return next ?? undefined;
    },
    async holdLock(claim) {
      return db.transaction(() => {
        const row = db.prepare(locks.hold).get(claim) as Row | undefined;
        return row ? toLock(row) : findLock(claim.file)!;
      })();
    },
    async takeOverLock(claim) {
      return toLock(db.prepare(locks.takeOver).get(claim) as Row);
    },
    async releaseLock(file, holder) {
      db.prepare("DELETE FROM team_page_locks WHERE file = ? AND holder = ?").run(file, holder);
    },
    async findLock(file) {
      return findLock(file);
    },
    async replaceDrafts(person, drafts, at) {
      return db.transaction(() => {
        db.prepare("DELETE FROM team_drafts WHERE person = ?").run(person);
        const insert = db.prepare("INSERT INTO team_drafts (person, file, content) VALUES (?, ?, ?)");
        for (const { file, content } of drafts) insert.run(person, file, content);
        return Number(
          db
            .prepare(
              "INSERT INTO team_draft_revisions (person, revision, updated_at) VALUES (?, 1, ?) ON CONFLICT (person) DO UPDATE SET revision = revision + 1, updated_at = excluded.updated_at RETURNING revision",
            )
            .pluck()
            .get(person, at),
        );
      })();
    },
    async draftsOf(person) {
      return db.transaction(() => ({
        revision: revisionOf(person),
        drafts: (
          db.prepare("SELECT file, content FROM team_drafts WHERE person = ? ORDER BY file").all(person) as Row[]
        ).map(toDraft),
      }))();
    },
    async draftsOfFile(file) {
      return (
        db
          .prepare(
            "SELECT d.person, d.file, d.content, r.updated_at FROM team_drafts d JOIN team_draft_revisions r ON r.person = d.person WHERE d.file = ? ORDER BY r.updated_at DESC",
          )
          .all(file) as Row[]
      ).map((row) => ({ ...toDraft(row), person: String(row.person), updatedAt: Number(row.updated_at) }));
    },
    async draftRevision(person) {
      return revisionOf(person);
    },
    async createSession(s) {
      db.prepare(
        "INSERT INTO team_sessions (id_hash, email, name, role, csrf_token, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).run(s.idHash, s.email, s.name, s.role, s.csrfToken, s.createdAt, s.lastSeenAt);
    },
    async findSession(idHash) {
      const row = db.prepare("SELECT * FROM team_sessions WHERE id_hash = ?").get(idHash) as Row | undefined;
      return row && toSession(row);
    },
    async touchSession(idHash, at) {
      db.prepare("UPDATE team_sessions SET last_seen_at = ? WHERE id_hash = ?").run(at, idHash);
    },
    async deleteSession(idHash) {
      db.prepare("DELETE FROM team_sessions WHERE id_hash = ?").run(idHash);
    },
    async listSessions() {
      return (db.prepare("SELECT * FROM team_sessions ORDER BY email, created_at").all() as Row[]).map(toSession);
    },
    async deleteSessionsOf(email) {
      return db.prepare("DELETE FROM team_sessions WHERE email = ?").run(email).changes;
    },
    async saveLinkToken(tokenHash, email, expiresAt) {
      db.prepare("INSERT INTO team_link_tokens (token_hash, email, expires_at) VALUES (?, ?, ?)").run(
        tokenHash,
        email,
        expiresAt,
      );
    },
    async takeLinkToken(tokenHash, now) {
      const row = db
        .prepare("DELETE FROM team_link_tokens WHERE token_hash = ? RETURNING email, expires_at")
        .get(tokenHash) as Row | undefined;
      return row && Number(row.expires_at) > now ? String(row.email) : undefined;
    },
    async saveFlow(flow: SignInFlow) {
      db.prepare(
        "INSERT INTO team_sign_in_flows (id_hash, state, nonce, code_verifier, expires_at) VALUES (?, ?, ?, ?, ?)",
      ).run(flow.idHash, flow.state, flow.nonce, flow.codeVerifier, flow.expiresAt);
      db.prepare("DELETE FROM team_sign_in_flows WHERE expires_at <= ?").run(flow.expiresAt - 3_600_000);
    },
    async takeFlow(idHash, now) {
      const row = db.prepare("DELETE FROM team_sign_in_flows WHERE id_hash = ? RETURNING *").get(idHash) as
        Row | undefined;
      return toFlow(row, now);
    },
    async countAttempt(key, now, since) {
      return db.transaction(() => {
        db.prepare("DELETE FROM team_attempts WHERE attempt_key = ? AND at < ?").run(key, since);
        db.prepare("INSERT INTO team_attempts (attempt_key, at) VALUES (?, ?)").run(key, now);
        return db.prepare("SELECT count(*) FROM team_attempts WHERE attempt_key = ?").pluck().get(key) as number;
      })();
    },
    async appendAudit(entry) {
      db.prepare(`INSERT INTO team_audit (${AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`).run(...auditRow(entry));
    },
    async queryAudit({ person, page, day }) {
      const rows = db
        .prepare(
          `SELECT * FROM team_audit WHERE (@person IS NULL OR person = @person) AND (@page IS NULL OR page = @page)
           AND (@day IS NULL OR day = @day) ORDER BY id`,
        )
        .all({ person: person ?? null, page: page ?? null, day: day ?? null }) as Row[];
      return rows.map(toAudit);
    },
    async noticePreferences(email) {
      return toNoticePreferences(
        db.prepare("SELECT * FROM team_notice_preferences WHERE email = ?").get(email) as Row | undefined,
      );
    },
    async setNoticePreferences(email, { reviewRequested, ownRequests }, at) {
      db.prepare(
        "INSERT INTO team_notice_preferences (email, review_requested, own_requests, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO UPDATE SET review_requested = excluded.review_requested, own_requests = excluded.own_requests, updated_at = excluded.updated_at",
      ).run(email, Number(reviewRequested), Number(ownRequests), at);
    },
    async close() {
      db.close();
    },
  };
}
