import pg from "pg";
import { describeError, leadApiErrors } from "../../contract/errors.ts";
import { readMigrations } from "./migrations.ts";
import { migratePostgres } from "../../platform/sql-migrations.ts";
import {
  CLAIM_TIMEOUT_MS,
  LEAD_COLUMNS,
  leadValues,
  outboxPayload,
  rowToClaim,
  rowToLead,
  rowToQuarantined,
  rowToRecord,
  missingMigrations,
  toOutboxMessage,
  type Claim,
  type OutboxChannel,
  type LeadStore,
  type StoreLog,
} from "./store.ts";
import { inTransaction } from "../../platform/postgres-transaction.ts";

type Row = Record<string, unknown>;

export async function createPostgresStore(connectionString: string, log: StoreLog): Promise<LeadStore> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that PostgreSQL ends (a restart, a failover, idle_session_timeout, a proxy) is an error event of
  // the pool, which would stop the process unheard. The pool drops that connection and the next query opens another.
  pool.on("error", (error) =>
    log.warn(
      { code: leadApiErrors.databaseConnectionLost.code },
      describeError(leadApiErrors.databaseConnectionLost, error.message),
    ),
  );
  await migratePostgres(pool, { table: "schema_migrations", lock: 7_240_117, migrations: readMigrations("postgres") });
  const columns = Object.values(LEAD_COLUMNS);
  // Typed where a SELECT list would otherwise read a parameter as text: created_at is a BIGINT.
  const leadParameters = Array.from({ length: columns.length + 3 }, (_, index) =>
    index === 1 ? "$2::bigint" : `$${index + 1}`,
  ).join(", ");
  const next = columns.length + 4;
  /**
   * A lead in one statement, so one round trip and one commit: the key is completed only if still in flight, the lead
   * inserted only if the key was, and its outbox rows only if the lead was (a statement is atomic, like the
   * transaction of BEGIN, three statements and COMMIT it replaces).
   */
  const saveLeadStatement = `WITH completed AS (
      UPDATE idempotency_keys SET state = 'completed', lead_id = $1, status = $${next}, response = $${next + 1}
      WHERE key = $${next + 2} AND state = 'in_flight' RETURNING key
    ), lead AS (
      INSERT INTO leads (id, created_at, spam_trap, ${columns.join(", ")}) SELECT ${leadParameters} FROM completed
      RETURNING id
    ), queued AS (
      INSERT INTO outbox (lead_id, channel, payload, next_attempt_at)
      SELECT lead.id, channel, $${next + 3}, $2::bigint FROM lead, unnest($${next + 4}::text[]) AS channel
      ON CONFLICT (lead_id, channel) DO NOTHING
    )
    SELECT count(*) AS saved FROM lead`;
  const queueOutbox = async (
    client: pg.PoolClient,
    id: string,
    createdAt: number,
    lead: Parameters<typeof outboxPayload>[2],
    channels: OutboxChannel[],
  ) => {
    if (channels.length === 0) return;
    await client.query(
      `INSERT INTO outbox (lead_id, channel, payload, next_attempt_at) SELECT $1, channel, $2, $3 FROM unnest($4::text[]) AS channel
       ON CONFLICT (lead_id, channel) DO NOTHING`,
      [id, outboxPayload(id, createdAt, lead), createdAt, channels],
    );
  };

  const eraseIds = (ids: string[]) =>
    inTransaction(pool, async (client) => {
      if (ids.length === 0) return 0;
      await client.query("DELETE FROM idempotency_keys WHERE lead_id = ANY($1)", [ids]);
      await client.query("DELETE FROM outbox WHERE lead_id = ANY($1)", [ids]);
      const { rowCount } = await client.query("DELETE FROM leads WHERE id = ANY($1)", [ids]);
      return rowCount ?? 0;
    });

  return {
    dialect: "postgres",
    async claim(key, fingerprint, now, expiredBefore): Promise<Claim> {
      const inserted = await pool.query({
        // Named: each connection parses and plans the two statements of every lead once, not per request.
        name: "claim-key",
        text: "INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES ($1, $2, 'in_flight', $3) ON CONFLICT (key) DO NOTHING",
        values: [key, fingerprint, now],
      });
      if (inserted.rowCount === 1) return { kind: "claimed" };
      // Another instance may race us to retake an expired or abandoned key: the WHERE makes it one winner.
      const retaken = await pool.query(
        `UPDATE idempotency_keys SET fingerprint = $2, state = 'in_flight', lead_id = NULL, status = NULL, response = NULL, created_at = $3
         WHERE key = $1 AND (created_at < $4 OR (state = 'in_flight' AND fingerprint = $2 AND created_at < $5))`,
        [key, fingerprint, now, expiredBefore, now - CLAIM_TIMEOUT_MS],
      );
      if (retaken.rowCount === 1) return { kind: "claimed" };
      const { rows } = await pool.query("SELECT * FROM idempotency_keys WHERE key = $1", [key]);
      // Released between our insert and select: the client may simply retry.
      if (rows.length === 0) return { kind: "in-flight" };
      return rowToClaim(rows[0], fingerprint);
    },
    async release(key) {
      await pool.query("DELETE FROM idempotency_keys WHERE key = $1 AND state = 'in_flight'", [key]);
    },
    async saveLead(lead) {
      const channels = lead.spamTrap === undefined ? lead.outboxChannels : [];
      const { rows } = await pool.query<{ saved: string }>({
        name: "save-lead",
        text: saveLeadStatement,
        values: [
          lead.id,
          lead.createdAt,
          lead.spamTrap ?? null,
          ...leadValues(lead.lead),
          lead.response.status,
          JSON.stringify(lead.response.body),
          lead.idempotencyKey,
          channels.length > 0 ? outboxPayload(lead.id, lead.createdAt, lead.lead) : "",
          channels,
        ],
      });
      if (Number(rows[0].saved) !== 1) throw new Error(`Idempotency key ${lead.idempotencyKey} was not in flight`);
    },
    async exportLeads() {
      const { rows } = await pool.query(
        "SELECT * FROM leads WHERE spam_trap IS NULL OR released_at IS NOT NULL ORDER BY created_at, id",
      );
      return rows.map(rowToRecord);
    },
    async listQuarantined() {
      const { rows } = await pool.query(
        "SELECT * FROM leads WHERE spam_trap IS NOT NULL AND released_at IS NULL ORDER BY created_at, id",
      );
      return rows.map(rowToQuarantined);
    },
    async releaseQuarantined(id, channels, now) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query("SELECT * FROM leads WHERE id = $1 FOR UPDATE", [id]);
        if (rows.length === 0) return "not-found";
        if (rows[0].spam_trap === null || rows[0].released_at !== null) return "not-quarantined";
        await client.query("UPDATE leads SET released_at = $1 WHERE id = $2", [now, id]);
        await queueOutbox(client, id, Number(rows[0].created_at), rowToLead(rows[0]), channels);
        return "released";
      });
    },
    async countLeads() {
      const { rows } = await pool.query("SELECT count(*) AS n FROM leads");
      return Number(rows[0].n);
    },
    async eraseByEmail(email) {
      const { rows } = await pool.query("SELECT id FROM leads WHERE lower(company_email) = lower($1)", [email]);
      return eraseIds(rows.map((row: Row) => String(row.id)));
    },
    async purgeLeadsBefore(time) {
      const { rows } = await pool.query("SELECT id FROM leads WHERE created_at < $1", [time]);
      return eraseIds(rows.map((row: Row) => String(row.id)));
    },
    async purgeIdempotencyBefore(time) {
      const { rowCount } = await pool.query(
        "DELETE FROM idempotency_keys WHERE created_at < $1 AND state = 'completed'",
        [time],
      );
      return rowCount ?? 0;
    },
    async leaseOutbox(now, leaseUntil, limit, channels) {
      const { rows } = await pool.query(
        `UPDATE outbox SET next_attempt_at = $1 WHERE id IN (
           SELECT id FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= $2 AND channel = ANY($4)
           ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED
         ) RETURNING id, lead_id, channel, payload, attempts`,
        [leaseUntil, now, limit, channels],
      );
      return rows.map(toOutboxMessage);
    },
    async markDelivered(id, now) {
      await pool.query(
        "UPDATE outbox SET delivered_at = $1, attempts = attempts + 1, last_error = NULL WHERE id = $2",
        [now, id],
      );
    },
    async markFailed(id, attempts, nextAttemptAt, error) {
      await pool.query("UPDATE outbox SET attempts = $1, next_attempt_at = $2, last_error = $3 WHERE id = $4", [
        attempts,
        nextAttemptAt,
        error,
        id,
      ]);
    },
    async pendingMigrations() {
      const { rows } = await pool.query("SELECT version FROM schema_migrations");
      return missingMigrations(
        "postgres",
        rows.map((row: Row) => Number(row.version)),
      );
    },
    async outboxBacklog() {
      const { rows } = await pool.query(
        "SELECT count(*) AS pending, min(leads.created_at) AS oldest FROM outbox JOIN leads ON leads.id = outbox.lead_id WHERE outbox.delivered_at IS NULL",
      );
      return {
        pending: Number(rows[0].pending),
        oldestCreatedAt: rows[0].oldest === null ? null : Number(rows[0].oldest),
      };
    },
    async close() {
      await pool.end();
    },
  };
}
