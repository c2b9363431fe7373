-- Quarantine: a lead whose form trap was filled is kept with the trap's value, neither forwarded nor notified,
-- until an operator releases it.
ALTER TABLE leads ADD COLUMN spam_trap TEXT, ADD COLUMN released_at BIGINT;
CREATE INDEX leads_quarantined ON leads (created_at) WHERE spam_trap IS NOT NULL AND released_at IS NULL;

-- One outbox row per lead and channel (CRM webhook, e-mail notification).
ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel IN ('webhook', 'email'));
ALTER TABLE outbox ALTER COLUMN channel DROP DEFAULT;
ALTER TABLE outbox DROP CONSTRAINT outbox_lead_id_key;
ALTER TABLE outbox ADD CONSTRAINT outbox_lead_channel UNIQUE (lead_id, channel);
