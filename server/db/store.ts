import type { Lead } from "../../contract/generated/schema-types.ts";

/** The answer stored with an Idempotency-Key, replayed verbatim for a retry with the same body. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export type Claim =
  { kind: "claimed" } | { kind: "replay"; response: StoredResponse } | { kind: "mismatch" } | { kind: "in-flight" };

export interface NewLead {
  id: string;
  lead: Lead;
  createdAt: number;
  idempotencyKey: string;
  response: StoredResponse;
  /** Webhook payload to queue in the outbox, in the same transaction; undefined when forwarding is off. */
  outboxPayload?: string;
}

export interface LeadRecord extends Lead {
  id: string;
  createdAt: string;
}

export interface OutboxMessage {
  id: number;
  leadId: string;
  payload: string;
  attempts: number;
}

/** How long an in-flight claim may block its key before another request may take it over. */
export const CLAIM_TIMEOUT_MS = 30_000;

/** Storage of leads, idempotency records and the outbox; SQLite and PostgreSQL behave the same. */
export interface LeadStore {
  readonly dialect: "sqlite" | "postgres";
  /** Claims a key for a request with this body fingerprint, or says why it cannot. */
  claim(key: string, fingerprint: string, now: number, expiredBefore: number): Promise<Claim>;
  /** Gives a claimed key back after a failure, so the client may retry. */
  release(key: string): Promise<void>;
  /** Commits the lead, its outbox row and the completed idempotency record in one transaction. */
  saveLead(lead: NewLead): Promise<void>;
  exportLeads(): Promise<LeadRecord[]>;
  countLeads(): Promise<number>;
  /** GDPR erasure: the leads of this address, their idempotency records and outbox rows. */
  eraseByEmail(email: string): Promise<number>;
  /** Retention: leads (and their records) created before the given time. */
  purgeLeadsBefore(time: number): Promise<number>;
  purgeIdempotencyBefore(time: number): Promise<number>;
  /** Leases up to `limit` due outbox messages until `leaseUntil`, so no other worker sends them meanwhile. */
  leaseOutbox(now: number, leaseUntil: number, limit: number): Promise<OutboxMessage[]>;
  markDelivered(id: number, now: number): Promise<void>;
  markFailed(id: number, attempts: number, nextAttemptAt: number, error: string): Promise<void>;
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
  const record: Row = { id: row.id, createdAt: new Date(Number(row.created_at)).toISOString() };
  for (const [field, column] of Object.entries(LEAD_COLUMNS)) {
    if (row[column] !== null && row[column] !== undefined) record[field] = row[column];
  }
  return record as unknown as LeadRecord;
}

export function rowToClaim(row: Row, fingerprint: string): Claim {
  if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (row.state !== "completed") return { kind: "in-flight" };
  return { kind: "replay", response: { status: Number(row.status), body: JSON.parse(String(row.response)) } };
}
