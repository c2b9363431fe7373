-- The ways into a review request's preview, by the hash of their token: an entry token (kind 'entry', used once, a
-- minute) and the pass a preview's cookie carries (kind 'pass'), a team member's or a share link's.
CREATE TABLE team_preview_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  number INTEGER NOT NULL,
  person TEXT,
  share_id TEXT,
  expires_at INTEGER NOT NULL
);
CREATE INDEX team_preview_tokens_expiry ON team_preview_tokens (expires_at);

-- A publisher's share links of a request's preview: the hash of the link's token, who made it, until when, and who
-- revoked it when.
CREATE TABLE team_preview_shares (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  number INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_by TEXT,
  revoked_at INTEGER
);
CREATE INDEX team_preview_shares_number ON team_preview_shares (number, created_at);

-- The requests whose preview's address was commented on the forge: once each.
CREATE TABLE team_preview_announcements (
  number INTEGER PRIMARY KEY,
  announced_at INTEGER NOT NULL
);
