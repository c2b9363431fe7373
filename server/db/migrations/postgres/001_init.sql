-- Times are Unix epoch milliseconds in both dialects, so the code reads them the same way.
CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  company_email TEXT NOT NULL,
  company_name TEXT NOT NULL,
  job_title TEXT,
  company_website TEXT,
  phone TEXT,
  industry TEXT,
  comment TEXT
);
CREATE INDEX leads_company_email ON leads (lower(company_email));
CREATE INDEX leads_created_at ON leads (created_at);

-- One row per Idempotency-Key: claimed (in flight) before the lead is written, completed with the
-- response in the same transaction as the lead.
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_flight', 'completed')),
  lead_id TEXT,
  status INTEGER,
  response TEXT,
  created_at BIGINT NOT NULL
);
CREATE INDEX idempotency_keys_lead_id ON idempotency_keys (lead_id);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- Leads waiting to be forwarded to the CRM webhook (transactional outbox).
CREATE TABLE outbox (
  id BIGSERIAL PRIMARY KEY,
  lead_id TEXT NOT NULL UNIQUE,
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  delivered_at BIGINT,
  last_error TEXT
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
