import { randomUUID } from "node:crypto";
import type { Lead } from "../../contract/generated/schema-types.ts";
import { readMigrations } from "./migrations.ts";

/** The answer stored with an Idempotency-Key, replayed verbatim for a retry with the same body. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export type Claim =
  { kind: "claimed" } | { kind: "replay"; response: StoredResponse } | { kind: "mismatch" } | { kind: "in-flight" };

/** Where an outbox row goes: the CRM webhook or the sales inbox. */
export type OutboxChannel = "webhook" | "email";

export interface NewLead {
  id: string;
  lead: Lead;
  createdAt: number;
  idempotencyKey: string;
  response: StoredResponse;
  /** The value of the form's trap field when it was filled: the lead is kept in quarantine, with no outbox rows. */
  spamTrap?: string;
  /** One outbox row per channel, queued in the same transaction; none when no channel is configured. */
  outboxChannels: OutboxChannel[];
}

export interface LeadRecord extends Lead {
  id: string;
  createdAt: string;
}

export interface QuarantinedLead extends LeadRecord {
  spamTrap: string;
}

export type ReleaseResult = "released" | "not-found" | "not-quarantined";

export interface OutboxMessage {
  id: number;
  leadId: string;
  channel: OutboxChannel;
  payload: string;
  attempts: number;
}

export interface OutboxBacklog {
  pending: number;
  oldestCreatedAt: number | null;
}

/** The migrations of `dialect` missing from the versions a database says it has applied. */
export function missingMigrations(dialect: "sqlite" | "postgres", applied: number[]): string[] {
  const have = new Set(applied.map(Number));
  return readMigrations(dialect)
    .filter((migration) => !have.has(migration.version))
    .map((migration) => migration.name);
}

/** What every outbox channel receives: the lead with its id and time, as JSON. */
export interface OutboxPayload {
  id: string;
  createdAt: string;
  lead: Lead;
}

export function outboxPayload(id: string, createdAt: number, lead: Lead): string {
  return JSON.stringify({ id, createdAt: new Date(createdAt).toISOString(), lead } satisfies OutboxPayload);
}

/**
 * A new lead's id: a UUID version 7 (RFC 9562), the creation time in milliseconds followed by 74 random bits. Ids made
 * one after another sort one after another, so each new lead lands at the end of the primary-key index (and of the
 * idempotency records' index on it) instead of at a random page: fewer pages written per commit, on both stores.
 */
export function newLeadId(now = Date.now()): string {
  // randomUUID's version 4 layout already has the variant bits and 74 random bits where version 7 wants them (and
  // draws from a cached pool, unlike randomBytes): the time replaces its first 48 bits, 7 its version digit.
  const random = randomUUID();
  const time = now.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}

/** How long an in-flight claim may block its key before another request may take it over. */
export const CLAIM_TIMEOUT_MS = 30_000;

/** Where a store reports what goes wrong beside the requests: the server's logger, or a command's standard error. */
export interface StoreLog {
  warn(fields: { code: string }, line: string): void;
}

/** A command's store log: each warning's line (in the catalogue's words) on standard error. */
export const stderrLog: StoreLog = { warn: (_fields, line) => console.error(line) };

/** Storage of leads, idempotency records and the outbox; SQLite and PostgreSQL behave the same. */
export interface LeadStore {
  readonly dialect: "sqlite" | "postgres";
  /** Claims a key for a request with this body fingerprint, or says why it cannot. */
  claim(key: string, fingerprint: string, now: number, expiredBefore: number): Promise<Claim>;
  /** Gives a claimed key back after a failure, so the client may retry. */
  release(key: string): Promise<void>;
  /** Commits the lead, its outbox row and the completed idempotency record in one transaction. */
  saveLead(lead: NewLead): Promise<void>;
  /** Every lead except those in quarantine. */
  exportLeads(): Promise<LeadRecord[]>;
  listQuarantined(): Promise<QuarantinedLead[]>;
  /** Takes a lead out of quarantine and queues it on these channels, as a new lead would have been. */
  releaseQuarantined(id: string, channels: OutboxChannel[], now: number): Promise<ReleaseResult>;
  countLeads(): Promise<number>;
  /** GDPR erasure: the leads of this address, their idempotency records and outbox rows. */
  eraseByEmail(email: string): Promise<number>;
  /** Retention: leads (and their records) created before the given time. */
  purgeLeadsBefore(time: number): Promise<number>;
  purgeIdempotencyBefore(time: number): Promise<number>;
  /**
   * Leases up to `limit` due outbox messages of these channels until `leaseUntil`, so no other worker sends them
   * meanwhile.
   */
  leaseOutbox(now: number, leaseUntil: number, limit: number, channels: OutboxChannel[]): Promise<OutboxMessage[]>;
  markDelivered(id: number, now: number): Promise<void>;
  markFailed(id: number, attempts: number, nextAttemptAt: number, error: string): Promise<void>;
  /** This version's migrations that the database lacks (readiness); throws when the store does not answer. */
  pendingMigrations(): Promise<string[]>;
  /** Undelivered outbox rows, and when the lead of the oldest one was created (metrics). */
  outboxBacklog(): Promise<OutboxBacklog>;
  close(): Promise<void>;
}

export const LEAD_COLUMNS = {
  firstName: "first_name",
  lastName: "last_name",
  companyEmail: "company_email",
  companyName: "company_name",
  jobTitle: "job_title",
  companyWebsite: "company_website",
  phone: "phone",
  industry: "industry",
  comment: "comment",
} as const satisfies Record<keyof Lead, string>;

type Row = Record<string, unknown>;

export function leadValues(lead: Lead): (string | null)[] {
  return (Object.keys(LEAD_COLUMNS) as (keyof Lead)[]).map((field) => lead[field] ?? null);
}

export function rowToRecord(row: Row): LeadRecord {
  return { id: String(row.id), createdAt: new Date(Number(row.created_at)).toISOString(), ...rowToLead(row) };
}

/** The lead's own fields of a stored row. */
export function rowToLead(row: Row): Lead {
  const lead: Row = {};
  for (const [field, column] of Object.entries(LEAD_COLUMNS)) {
    if (row[column] !== null && row[column] !== undefined) lead[field] = row[column];
  }
  return lead as unknown as Lead;
}

export function rowToQuarantined(row: Row): QuarantinedLead {
  return { ...rowToRecord(row), spamTrap: String(row.spam_trap) };
}

export function toOutboxMessage(row: Row): OutboxMessage {
  return {
    id: Number(row.id),
    leadId: String(row.lead_id),
    channel: row.channel === "email" ? "email" : "webhook",
    payload: String(row.payload),
    attempts: Number(row.attempts),
  };
}

export function rowToClaim(row: Row, fingerprint: string): Claim {
  if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (row.state !== "completed") return { kind: "in-flight" };
  return { kind: "replay", response: { status: Number(row.status), body: JSON.parse(String(row.response)) } };
}
