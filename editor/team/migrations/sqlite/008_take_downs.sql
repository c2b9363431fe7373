-- Scheduled take-downs: a schedule of kind 'take-down' removes live pages or undoes a merged request's change, with
-- the redirects the removed pages need. What it takes down is kept as JSON (take_down); a take-down of a change keeps
-- that request's number (one waiting take-down per change), one of pages none. SQLite changes neither a CHECK nor a
-- NOT NULL in place: the table is made anew with its rows.
CREATE TABLE team_schedules_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('publish', 'take-down')),
  request_number INTEGER,
  request_title TEXT,
  request_url TEXT,
  base_branch TEXT NOT NULL,
  author_email TEXT,
  author_name TEXT,
  local_time TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  at INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('waiting', 'running', 'done', 'failed', 'cancelled')),
  scheduled_by_email TEXT NOT NULL,
  scheduled_by_name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  claimed_by TEXT,
  claimed_until INTEGER,
  ran_at INTEGER,
  late_by_ms INTEGER,
  failure_code TEXT,
  failure_message TEXT,
  take_down TEXT
);
INSERT INTO team_schedules_new (id, kind, request_number, request_title, request_url, base_branch, author_email,
  author_name, local_time, time_zone, at, state, scheduled_by_email, scheduled_by_name, created_at, updated_at,
  claimed_by, claimed_until, ran_at, late_by_ms, failure_code, failure_message)
SELECT id, kind, request_number, request_title, request_url, base_branch, author_email, author_name, local_time,
  time_zone, at, state, scheduled_by_email, scheduled_by_name, created_at, updated_at, claimed_by, claimed_until,
  ran_at, late_by_ms, failure_code, failure_message FROM team_schedules;
DROP TABLE team_schedules;
ALTER TABLE team_schedules_new RENAME TO team_schedules;
-- A request waits for one publication and one take-down at most.
CREATE UNIQUE INDEX team_schedules_one_per_request ON team_schedules (kind, request_number)
  WHERE state IN ('waiting', 'running');
CREATE INDEX team_schedules_due ON team_schedules (state, at);
CREATE INDEX team_schedules_updated ON team_schedules (updated_at);
