import pg from "pg";
import { readTeamMigrations } from "./migrations.ts";
import { numberedParameters, previewRecords } from "./previews/preview-store.ts";
import { inTransaction } from "../../platform/postgres-transaction.ts";
import { migratePostgres } from "../../platform/sql-migrations.ts";
import {
  ONE_PER_REQUEST,
  SCHEDULE_COLUMNS,
  SCHEDULE_SQL,
  finishValues,
  type ScheduleValues,
  numbered,
  scheduleRow,
  toSchedule,
} from "./schedule-rows.ts";
import {
  AUDIT_COLUMNS,
  LOCK_PARAMS,
  auditRow,
  lockStatements,
  toAudit,
  toDraft,
  toFlow,
  toLock,
  toNoticePreferences,
  toSession,
  type LockClaim,
  type Row,
  type TeamStore,
} from "./store.ts";

/** The team editor's store in PostgreSQL, for several editor instances behind one address. */
export async function createPostgresTeamStore(connectionString: string): Promise<TeamStore> {
  const pool = new pg.Pool({ connectionString, max: 5 });
  await migratePostgres(pool, {
    table: "team_schema_migrations",
    lock: 7_240_118,
    migrations: readTeamMigrations("postgres"),
  });
  const one = async (sql: string, values: unknown[]) => (await pool.query(sql, values)).rows[0] as Row | undefined;
  const locks = lockStatements((name) => `$${LOCK_PARAMS.indexOf(name) + 1}`);
  const lockValues = (claim: LockClaim) => LOCK_PARAMS.map((name) => claim[name]);
  const findLock = async (file: string) => {
    const row = await one("SELECT * FROM team_page_locks WHERE file = $1", [file]);
    return row && toLock(row);
  };
  const revisionOf = async (client: pg.Pool | pg.PoolClient, person: string) =>
    Number(
      (
        (await client.query("SELECT revision FROM team_draft_revisions WHERE person = $1", [person])).rows[0] as
          Row | undefined
      )?.revision ?? 0,
    );
  const schedules = async (sql: string, given: ScheduleValues) => {
    const { text, values } = numbered(sql, given);
    return (await pool.query(text, values)).rows.map((row: Row) => toSchedule(row));
  };
  const schedule = async (sql: string, given: ScheduleValues) => (await schedules(sql, given))[0];
  // Of instances claiming at once, each takes a different due schedule or none: a row another is taking is skipped,
  // and the claim's own condition is checked again on the row as that other left it.
  const claimSql = SCHEDULE_SQL.claim.replace("id = @id", `id = (${SCHEDULE_SQL.firstDue} FOR UPDATE SKIP LOCKED)`);
  return {
    ...previewRecords(async (sql, given) => {
      const { text, values } = numberedParameters(sql, given);
      return (await pool.query(text, values)).rows as Row[];
    }),
    async addSchedule(s) {
      const row = await one(
        `INSERT INTO team_schedules (${SCHEDULE_COLUMNS}) VALUES (${scheduleRow(s).map((_, i) => `$${i + 1}`)})
         ${ONE_PER_REQUEST} RETURNING *`,
        scheduleRow(s),
      );
      return row && toSchedule(row);
    },
    findSchedule: (id) => schedule(SCHEDULE_SQL.find, { id }),
    unfinishedScheduleOf: (number, kind) => schedule(SCHEDULE_SQL.unfinishedOf, { number, kind }),
    changeSchedule: (id, time, by, now) => schedule(SCHEDULE_SQL.change, { id, ...time, ...by, now }),
    cancelSchedule: (id, now) => schedule(SCHEDULE_SQL.cancel, { id, now }),
    retrySchedule: (id, time, by, now) => schedule(SCHEDULE_SQL.retry, { id, ...time, ...by, now }),
    listSchedules: (since) => schedules(SCHEDULE_SQL.list, { since }),
    claimDueSchedule: (claim) => schedule(claimSql, claim),
    finishSchedule: (id, by, outcome) => schedule(SCHEDULE_SQL.finish, finishValues(id, by, outcome)),
    async nextScheduleAt() {
      const next = (await one(SCHEDULE_SQL.next, []))?.next;
      return next === null || next === undefined ? undefined : Number(next);
    },
    async holdLock(claim) {
      // Nothing answered: someone else holds a live lock, which the statement left as it was. Should they let it go
      // between the two statements, the claim is made again.
      for (;;) {
        const row = await one(locks.hold, lockValues(claim));
        const lock = row ? toLock(row) : await findLock(claim.file);
        if (lock) return lock;
      }
    },
    async takeOverLock(claim) {
      return toLock((await one(locks.takeOver, lockValues(claim)))!);
    },
    async releaseLock(file, holder) {
      await pool.query("DELETE FROM team_page_locks WHERE file = $1 AND holder = $2", [file, holder]);
    },
    findLock,
    async replaceDrafts(person, drafts, at) {
      return inTransaction(pool, async (client) => {
        await client.query("DELETE FROM team_drafts WHERE person = $1", [person]);
        for (const { file, content } of drafts)
          await client.query("INSERT INTO team_drafts (person, file, content) VALUES ($1, $2, $3)", [
            person,
            file,
            content,
          ]);
        const { rows } = await client.query(
          "INSERT INTO team_draft_revisions (person, revision, updated_at) VALUES ($1, 1, $2) ON CONFLICT (person) DO UPDATE SET revision = team_draft_revisions.revision + 1, updated_at = excluded.updated_at RETURNING revision",
          [person, at],
        );
        return Number((rows[0] as Row).revision);
      });
    },
    async draftsOf(person) {
      return inTransaction(pool, async (client) => ({
        revision: await revisionOf(client, person),
        drafts: (
          await client.query("SELECT file, content FROM team_drafts WHERE person = $1 ORDER BY file", [person])
        ).rows.map((row: Row) => toDraft(row)),
      }));
    },
    draftRevision: (person) => revisionOf(pool, person),
    async draftsOfFile(file) {
      const { rows } = await pool.query(
        "SELECT d.person, d.file, d.content, r.updated_at FROM team_drafts d JOIN team_draft_revisions r ON r.person = d.person WHERE d.file = $1 ORDER BY r.updated_at DESC",
        [file],
      );
      return rows.map((row: Row) => ({
        ...toDraft(row),
        person: String(row.person),
        updatedAt: Number(row.updated_at),
      }));
    },
    async createSession(s) {
      await pool.query(
        "INSERT INTO team_sessions (id_hash, email, name, role, csrf_token, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [s.idHash, s.email, s.name, s.role, s.csrfToken, s.createdAt, s.lastSeenAt],
      );
    },
    async findSession(idHash) {
      const row = await one("SELECT * FROM team_sessions WHERE id_hash = $1", [idHash]);
      return row && toSession(row);
    },
    async touchSession(idHash, at) {
      await pool.query("UPDATE team_sessions SET last_seen_at = $1 WHERE id_hash = $2", [at, idHash]);
    },
    async deleteSession(idHash) {
      await pool.query("DELETE FROM team_sessions WHERE id_hash = $1", [idHash]);
    },
    async listSessions() {
      return (await pool.query("SELECT * FROM team_sessions ORDER BY email, created_at")).rows.map((row: Row) =>
        toSession(row),
      );
    },
    async deleteSessionsOf(email) {
      return (await pool.query("DELETE FROM team_sessions WHERE email = $1", [email])).rowCount ?? 0;
    },
    async saveLinkToken(tokenHash, email, expiresAt) {
      await pool.query("INSERT INTO team_link_tokens (token_hash, email, expires_at) VALUES ($1, $2, $3)", [
        tokenHash,
        email,
        expiresAt,
      ]);
    },
    async takeLinkToken(tokenHash, now) {
      // DELETE … RETURNING is atomic: of two requests with the same token, one gets the row.
      const row = await one("DELETE FROM team_link_tokens WHERE token_hash = $1 RETURNING email, expires_at", [
        tokenHash,
      ]);
      return row && Number(row.expires_at) > now ? String(row.email) : undefined;
    },
    async saveFlow(flow) {
      await pool.query(
        "INSERT INTO team_sign_in_flows (id_hash, state, nonce, code_verifier, expires_at) VALUES ($1, $2, $3, $4, $5)",
        [flow.idHash, flow.state, flow.nonce, flow.codeVerifier, flow.expiresAt],
      );
      await pool.query("DELETE FROM team_sign_in_flows WHERE expires_at <= $1", [flow.expiresAt - 3_600_000]);
    },
    async takeFlow(idHash, now) {
      const row = await one("DELETE FROM team_sign_in_flows WHERE id_hash = $1 RETURNING *", [idHash]);
      return toFlow(row, now);
    },
    async countAttempt(key, now, since) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // One key's attempts are counted one at a time, whichever instance receives them.
        await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
        await client.query("DELETE FROM team_attempts WHERE attempt_key = $1 AND at < $2", [key, since]);
        await client.query("INSERT INTO team_attempts (attempt_key, at) VALUES ($1, $2)", [key, now]);
        const { rows } = await client.query("SELECT count(*) AS n FROM team_attempts WHERE attempt_key = $1", [key]);
        await client.query("COMMIT");
        return Number((rows[0] as Row).n);
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
    async appendAudit(entry) {
      await pool.query(`INSERT INTO team_audit (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, auditRow(entry));
    },
    async queryAudit({ person, page, day }) {
      const { rows } = await pool.query(
        `SELECT * FROM team_audit WHERE ($1::text IS NULL OR person = $1) AND ($2::text IS NULL OR page = $2)
         AND ($3::text IS NULL OR day = $3) ORDER BY id`,
        [person ?? null, page ?? null, day ?? null],
      );
      return rows.map((row: Row) => toAudit(row));
    },
    async noticePreferences(email) {
      return toNoticePreferences(await one("SELECT * FROM team_notice_preferences WHERE email = $1", [email]));
    },
    async setNoticePreferences(email, { reviewRequested, ownRequests }, at) {
      await pool.query(
        "INSERT INTO team_notice_preferences (email, review_requested, own_requests, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO UPDATE SET review_requested = excluded.review_requested, own_requests = excluded.own_requests, updated_at = excluded.updated_at",
        [email, reviewRequested, ownRequests, at],
      );
    },
    async close() {
      await pool.end();
    },
  };
}
