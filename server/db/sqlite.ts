import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { catalogueError, leadApiErrors } from "../../contract/errors.ts";
import { startCheckpointer } from "./checkpointer.ts";
import { readMigrations } from "./migrations.ts";
import { walSync, type Fsync } from "./wal-sync.ts";
import {
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
  type LeadStore,
  type NewLead,
} from "./store.ts";

type Row = Record<string, unknown>;

/**
 * Opens the database with the durability the API promises, and refuses to run without it. `connect` opens the file
 * (better-sqlite3; a test's stands for a volume that refuses WAL).
 */
export function openSqlite(
  file: string,
  connect: (file: string) => Database.Database = (name) => new Database(name),
): Database.Database {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = connect(file);
  db.pragma("journal_mode = WAL");
  // FULL: with WAL, NORMAL may lose the last commits on power loss; we acknowledge only durable leads.
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  const journal = db.pragma("journal_mode", { simple: true });
  const synchronous = db.pragma("synchronous", { simple: true });
  if ((file !== ":memory:" && journal !== "wal") || synchronous !== 2) {
    db.close();
    throw catalogueError(leadApiErrors.storeNotDurable, { file, journal, synchronous });
  }
  db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)",
  );
  const applied = new Set(db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
  for (const migration of readMigrations("sqlite")) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        Date.now(),
      );
    })();
  }
  return db;
}

/** How often the WAL is copied into the database file while leads are being written. */
const CHECKPOINT_EVERY_MS = 250;

export interface SqliteStoreOptions {
  /** How the WAL reaches the disk (tests hold it back). */
  fsync?: Fsync;
}

/**
 * SQLite store. One server process owns the file, which allows two things PostgreSQL cannot have:
 * in-flight claims live in memory (a crash forgets them, as it should: nothing was acknowledged),
 * and leads arriving together share one commit (group commit), so the fsync that makes each
 * acknowledged lead durable is paid once per batch instead of once per lead. The fsync itself runs off the event
 * loop (`walSync`): every write below resolves only once its commit is on disk.
 */
export function createSqliteStore(file: string, { fsync }: SqliteStoreOptions = {}): LeadStore {
  const db = openSqlite(file);
  // Durability is walSync's job from here: COMMIT writes the WAL, walSync makes it durable before anyone is told.
  db.pragma("synchronous = NORMAL");
  const wal = walSync(`${db.name}-wal`, fsync);
  // Checkpoints run on their own thread, never inside a COMMIT on the event loop; SQLite's return if that thread fails.
  db.pragma("wal_autocheckpoint = 0");
  const checkpointer = startCheckpointer(db.name, () => db.pragma("wal_autocheckpoint = 1000"));
  let checkpointedAt = Date.now();
  let checkpointTimer: NodeJS.Timeout | undefined;
  /**
   * After a commit, at most every CHECKPOINT_EVERY_MS: the checkpoint runs beside that commit's fsync and the next
   * commit waits for both, so the checkpoint finds the WAL complete and the next commit starts it over from the
   * beginning. The event loop goes on meanwhile (parsing, validating, answering); only the commit waits, and grows.
   * A commit that comes too soon after the last checkpoint sets a timer instead, so that the last leads of a burst are
   * checkpointed too.
   */
  function checkpointSoon() {
    if (checkpointer.running || checkpointTimer) return;
    const wait = CHECKPOINT_EVERY_MS - (Date.now() - checkpointedAt);
    if (wait <= 0) return checkpoint();
    checkpointTimer = setTimeout(() => {
      checkpointTimer = undefined;
      if (!checkpointer.running) checkpoint();
    }, wait);
    checkpointTimer.unref();
  }
  function checkpoint() {
    checkpointedAt = Date.now();
    void checkpointer.run().finally(wal.hold());
  }
  const columns = Object.values(LEAD_COLUMNS);
  const insertLead = db.prepare(
    `INSERT INTO leads (id, created_at, spam_trap, ${columns.join(", ")}) VALUES (?, ?, ?, ${columns.map(() => "?").join(", ")})`,
  );
  const insertOutbox = db.prepare(
    "INSERT INTO outbox (lead_id, channel, payload, next_attempt_at) VALUES (?, ?, ?, ?) ON CONFLICT (lead_id, channel) DO NOTHING",
  );
  const upsertKey = db.prepare(
    `INSERT INTO idempotency_keys (key, fingerprint, state, lead_id, status, response, created_at) VALUES (?, ?, 'completed', ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, state = 'completed', lead_id = excluded.lead_id,
       status = excluded.status, response = excluded.response, created_at = excluded.created_at`,
  );
  const selectKey = db.prepare("SELECT * FROM idempotency_keys WHERE key = ?");
  /**
   * Claimed keys whose lead is not yet on disk, with the fingerprint of the body that claimed them. A key stays here
   * until its commit's fsync has returned, so a retry meanwhile is told to wait rather than replayed an answer the
   * disk might still lose.
   */
  const inFlight = new Map<string, string>();

  /** Runs a write transaction; its result, and a promise resolved once the commit is on disk. */
  function commit<T>(write: () => T): { result: T; onDisk: Promise<void> } {
    wal.check();
    const result = db.transaction(write)();
    return { result, onDisk: wal.committed() };
  }
  /** Runs a write transaction and resolves with its result once the commit is on disk. */
  async function durably<T>(write: () => T): Promise<T> {
    const { result, onDisk } = commit(write);
    await onDisk;
    return result;
  }

  function queueOutbox(id: string, createdAt: number, lead: NewLead["lead"], channels: NewLead["outboxChannels"]) {
    if (channels.length === 0) return;
    const payload = outboxPayload(id, createdAt, lead);
    for (const channel of channels) insertOutbox.run(id, channel, payload, createdAt);
  }
  const releaseLead = (id: string, channels: NewLead["outboxChannels"], now: number) => {
    const row = db.prepare("SELECT * FROM leads WHERE id = ?").get(id) as Row | undefined;
    if (!row) return "not-found" as const;
    if (row.spam_trap === null || row.released_at !== null) return "not-quarantined" as const;
    db.prepare("UPDATE leads SET released_at = ? WHERE id = ?").run(now, id);
    queueOutbox(id, Number(row.created_at), rowToLead(row), channels);
    return "released" as const;
  };

  function write(lead: NewLead) {
    const fingerprint = inFlight.get(lead.idempotencyKey);
    if (fingerprint === undefined) throw new Error(`Idempotency key ${lead.idempotencyKey} was not in flight`);
    insertLead.run(lead.id, lead.createdAt, lead.spamTrap ?? null, ...leadValues(lead.lead));
    if (lead.spamTrap === undefined) queueOutbox(lead.id, lead.createdAt, lead.lead, lead.outboxChannels);
    upsertKey.run(
      lead.idempotencyKey,
      fingerprint,
      lead.id,
      lead.response.status,
      JSON.stringify(lead.response.body),
      lead.createdAt,
    );
  }

  type Pending = { lead: NewLead; resolve: () => void; reject: (error: unknown) => void };
  let queue: Pending[] = [];
  /** Answers a lead once its commit is on disk (or has failed): only then may its key be claimed again. */
  function settle(item: Pending, onDisk: Promise<void>) {
    onDisk.then(
      () => {
        inFlight.delete(item.lead.idempotencyKey);
        item.resolve();
      },
      (error: unknown) => {
        inFlight.delete(item.lead.idempotencyKey);
        item.reject(error);
      },
    );
  }
  function flush() {
    const batch = queue;
    queue = [];
    let onDisk: Promise<void>;
    try {
      onDisk = commit(() => batch.forEach((item) => write(item.lead))).onDisk;
    } catch {
      // One bad lead must not fail the others: commit them one by one to find it.
      for (const item of batch) {
        const alone = durably(() => write(item.lead));
        settle(item, alone);
      }
      return;
    }
    for (const item of batch) settle(item, onDisk);
    checkpointSoon();
  }

  const erase = (ids: string[]) =>
    durably(() => {
      for (const id of ids) {
        db.prepare("DELETE FROM idempotency_keys WHERE lead_id = ?").run(id);
        db.prepare("DELETE FROM outbox WHERE lead_id = ?").run(id);
        db.prepare("DELETE FROM leads WHERE id = ?").run(id);
      }
      return ids.length;
    });

  return {
    dialect: "sqlite",
    async claim(key, fingerprint, _now, expiredBefore): Promise<Claim> {
      wal.check();
      // In flight first: a key's row may be committed but not yet on disk, and must not be replayed before it is.
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending === fingerprint ? { kind: "in-flight" } : { kind: "mismatch" };
      const row = selectKey.get(key) as Row | undefined;
      if (row && Number(row.created_at) >= expiredBefore) return rowToClaim(row, fingerprint);
      inFlight.set(key, fingerprint);
      return { kind: "claimed" };
    },
    async release(key) {
      inFlight.delete(key);
    },
    saveLead(lead) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ lead, resolve, reject });
        // Everything that reaches saveLead in this turn of the event loop, or while the previous commit's fsync runs,
        // joins the same commit.
        if (queue.length === 1) setImmediate(() => wal.whenReady(flush));
      });
    },
    async exportLeads() {
      return (
        db
          .prepare("SELECT * FROM leads WHERE spam_trap IS NULL OR released_at IS NOT NULL ORDER BY created_at, id")
          .all() as Row[]
      ).map(rowToRecord);
    },
    async listQuarantined() {
      return (
        db
          .prepare("SELECT * FROM leads WHERE spam_trap IS NOT NULL AND released_at IS NULL ORDER BY created_at, id")
          .all() as Row[]
      ).map(rowToQuarantined);
    },
    releaseQuarantined(id, channels, now) {
      return durably(() => releaseLead(id, channels, now));
    },
    async countLeads() {
      return Number(db.prepare("SELECT count(*) FROM leads").pluck().get());
    },
    async eraseByEmail(email) {
      const ids = db
        .prepare("SELECT id FROM leads WHERE lower(company_email) = lower(?)")
        .pluck()
        .all(email) as string[];
      return erase(ids);
    },
    async purgeLeadsBefore(time) {
      const ids = db.prepare("SELECT id FROM leads WHERE created_at < ?").pluck().all(time) as string[];
      return erase(ids);
    },
    purgeIdempotencyBefore(time) {
      return durably(
        () => db.prepare("DELETE FROM idempotency_keys WHERE created_at < ? AND state = 'completed'").run(time).changes,
      );
    },
    async leaseOutbox(now, leaseUntil, limit, channels) {
      // Leased only once on disk: this commit's fsync also covers the leads committed before it, so no lead is sent
      // on before it is durable.
      const rows = await durably(
        () =>
          db
            .prepare(
              `UPDATE outbox SET next_attempt_at = ? WHERE id IN (
             SELECT id FROM outbox WHERE delivered_at IS NULL AND next_attempt_at <= ?
               AND channel IN (SELECT value FROM json_each(?)) ORDER BY next_attempt_at LIMIT ?
           ) RETURNING id, lead_id, channel, payload, attempts`,
            )
            .all(leaseUntil, now, JSON.stringify(channels), limit) as Row[],
      );
      return rows.map(toOutboxMessage);
    },
    async markDelivered(id, now) {
      await durably(() =>
        db
          .prepare("UPDATE outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?")
          .run(now, id),
      );
    },
    async markFailed(id, attempts, nextAttemptAt, error) {
      await durably(() =>
        db
          .prepare("UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?")
          .run(attempts, nextAttemptAt, error, id),
      );
    },
    async pendingMigrations() {
      return missingMigrations("sqlite", db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
    },
    async outboxBacklog() {
      const row = db
        .prepare(
          "SELECT count(*) AS pending, min(leads.created_at) AS oldest FROM outbox JOIN leads ON leads.id = outbox.lead_id WHERE outbox.delivered_at IS NULL",
        )
        .get() as Row;
      return { pending: Number(row.pending), oldestCreatedAt: row.oldest === null ? null : Number(row.oldest) };
    },
    async close() {
      clearTimeout(checkpointTimer);
      await checkpointer.stop();
      await wal.idle();
      db.close();
      wal.close();
    },
  };
}
