import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { readMigrations } from "./migrations.ts";
import {
  CLAIM_TIMEOUT_MS,
  LEAD_COLUMNS,
  leadValues,
  rowToClaim,
  rowToRecord,
  type Claim,
  type LeadStore,
  type NewLead,
  type OutboxMessage,
} from "./store.ts";

type Row = Record<string, unknown>;

/** Opens the database with the durability the API promises, and refuses to run without it. */
export function openSqlite(file: string): Database.Database {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // FULL: with WAL, NORMAL may lose the last commits on power loss; we acknowledge only durable leads.
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  const journal = db.pragma("journal_mode", { simple: true });
  const synchronous = db.pragma("synchronous", { simple: true });
  if ((file !== ":memory:" && journal !== "wal") || synchronous !== 2) {
    db.close();
    throw new Error(`SQLite ${file}: expected journal_mode=wal and synchronous=FULL(2), got ${journal} and ${synchronous}`);
  }
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
  const applied = new Set(db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
  for (const migration of readMigrations("sqlite")) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(migration.version, migration.name, Date.now());
    })();
  }
  return db;
}

export function createSqliteStore(file: string): LeadStore {
  const db = openSqlite(file);
  // One server process owns a SQLite file, so a claim still in flight at start-up died with a crash.
  db.prepare("DELETE FROM idempotency_keys WHERE state = 'in_flight'").run();

  const columns = Object.values(LEAD_COLUMNS);
  const insertLead = db.prepare(
    `INSERT INTO leads (id, created_at, ${columns.join(", ")}) VALUES (?, ?, ${columns.map(() => "?").join(", ")})`,
  );
  const insertOutbox = db.prepare("INSERT INTO outbox (lead_id, payload, next_attempt_at) VALUES (?, ?, ?)");
  const completeKey = db.prepare(
    "UPDATE idempotency_keys SET state = 'completed', lead_id = ?, status = ?, response = ? WHERE key = ? AND state = 'in_flight'",
  );
  const selectKey = db.prepare("SELECT * FROM idempotency_keys WHERE key = ?");
  const insertKey = db.prepare("INSERT INTO idempotency_keys (key, fingerprint, state, created_at) VALUES (?, ?, 'in_flight', ?)");
  const retakeKey = db.prepare(
    "UPDATE idempotency_keys SET fingerprint = ?, state = 'in_flight', lead_id = NULL, status = NULL, response = NULL, created_at = ? WHERE key = ?",
  );

  const claim = db.transaction((key: string, fingerprint: string, now: number, expiredBefore: number): Claim => {
    const row = selectKey.get(key) as Row | undefined;
    if (!row) {
      insertKey.run(key, fingerprint, now);
      return { kind: "claimed" };
    }
    const createdAt = Number(row.created_at);
    const expired = createdAt < expiredBefore;
    const abandoned = row.state === "in_flight" && row.fingerprint === fingerprint && createdAt < now - CLAIM_TIMEOUT_MS;
    if (expired || abandoned) {
      retakeKey.run(fingerprint, now, key);
      return { kind: "claimed" };
    }
    return rowToClaim(row, fingerprint);
  });

  const save = db.transaction((lead: NewLead) => {
    insertLead.run(lead.id, lead.createdAt, ...leadValues(lead.lead));
    if (lead.outboxPayload !== undefined) insertOutbox.run(lead.id, lead.outboxPayload, lead.createdAt);
    const completed = completeKey.run(lead.id, lead.response.status, JSON.stringify(lead.response.body), lead.idempotencyKey);
    if (completed.changes !== 1) throw new Error(`Idempotency key ${lead.idempotencyKey} was not in flight`);
  });

  const erase = db.transaction((ids: string[]) => {
    for (const id of ids) {
      db.prepare("DELETE FROM idempotency_keys WHERE lead_id = ?").run(id);
      db.prepare("DELETE FROM outbox WHERE lead_id = ?").run(id);
      db.prepare("DELETE FROM leads WHERE id = ?").run(id);
    }
    return ids.length;
  });

  return {
    dialect: "sqlite",
    async claim(key, fingerprint, now, expiredBefore) {
      return claim(key, fingerprint, now, expiredBefore);
    },
    async release(key) {
      db.prepare("DELETE FROM idempotency_keys WHERE key = ? AND state = 'in_flight'").run(key);
    },
    async saveLead(lead) {
      save(lead);
    },
    async exportLeads() {
      return (db.prepare("SELECT * FROM leads ORDER BY created_at, id").all() as Row[]).map(rowToRecord);
    },
    async countLeads() {
      return Number(db.prepare("SELECT count(*) FROM leads").pluck().get());
    },
    async eraseByEmail(email) {
      const ids = db.prepare("SELECT id FROM leads WHERE lower(company_email) = lower(?)").pluck().all(email) as string[];
      return erase(ids);
    },
    async purgeLeadsBefore(time) {
      const ids = db.prepare("SELECT id FROM leads WHERE created_at < ?").pluck().all(time) as string[];
      return erase(ids);
    },
    async purgeIdempotencyBefore(time) {
      return db.prepare("DELETE FROM idempotency_keys WHERE created_at < ? AND state = 'completed'").run(time).changes;
    },
    async leaseOutbox(now, leaseUntil, limit) {
      const rows = db
        .prepare(
          `UPDATE outbox SET next_attempt_at = ? WHERE id IN (
             SELECT id FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?
           ) RETURNING id, lead_id, payload, attempts`,
        )
        .all(leaseUntil, now, limit) as Row[];
      return rows.map(toOutboxMessage);
    },
    async markDelivered(id, now) {
      db.prepare("UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?").run(now, id);
    },
    async markFailed(id, attempts, nextAttemptAt, error) {
      db.prepare("UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?").run(attempts, nextAttemptAt, error, id);
    },
    async close() {
      db.close();
    },
  };
}

export function toOutboxMessage(row: Row): OutboxMessage {
  return { id: Number(row.id), leadId: String(row.lead_id), payload: String(row.payload), attempts: Number(row.attempts) };
}
