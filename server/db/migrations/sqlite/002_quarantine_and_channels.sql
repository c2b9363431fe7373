-- Quarantine: a lead whose form trap was filled is kept with the trap's value, neither forwarded nor notified,
-- until an operator releases it.
ALTER TABLE leads ADD COLUMN spam_trap TEXT;
ALTER TABLE leads ADD COLUMN released_at INTEGER;
CREATE INDEX leads_quarantined ON leads (created_at) WHERE spam_trap IS NOT NULL AND released_at IS NULL;

-- One outbox row per lead and channel (CRM webhook, e-mail notification). SQLite cannot drop a UNIQUE
-- constraint, so the table is rebuilt.
CREATE TABLE outbox_channels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('webhook', 'email')),
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  delivered_at INTEGER,
  last_error TEXT,
  UNIQUE (lead_id, channel)
);
INSERT INTO outbox_channels (id, lead_id, channel, payload, attempts, next_attempt_at, delivered_at, last_error)
  SELECT id, lead_id, 'webhook', payload, attempts, next_attempt_at, delivered_at, last_error FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_channels RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL;
