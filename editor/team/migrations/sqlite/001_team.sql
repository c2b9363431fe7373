-- Sessions: only the hash of the session id is kept, so a copy of the database opens no session.
CREATE TABLE team_sessions (
  id_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  csrf_token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
);
CREATE INDEX team_sessions_email ON team_sessions (email);

-- E-mailed sign-in links: the hash of the token, deleted when used.
CREATE TABLE team_link_tokens (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- A provider sign-in under way: its state, nonce and PKCE verifier, found by the hash of the browser's flow cookie.
CREATE TABLE team_sign_in_flows (
  id_hash TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- Sign-in attempts per address and per client, counted over a window.
CREATE TABLE team_attempts (
  attempt_key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX team_attempts_key ON team_attempts (attempt_key, at);

CREATE TABLE team_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  day TEXT NOT NULL,
  action TEXT NOT NULL,
  person TEXT,
  page TEXT,
  detail TEXT NOT NULL
);
CREATE INDEX team_audit_person ON team_audit (person, id);
CREATE INDEX team_audit_page ON team_audit (page, id);
CREATE INDEX team_audit_day ON team_audit (day, id);

-- Append-only: the database itself refuses to change or remove an entry.
CREATE TRIGGER team_audit_no_update BEFORE UPDATE ON team_audit BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER team_audit_no_delete BEFORE DELETE ON team_audit BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;
