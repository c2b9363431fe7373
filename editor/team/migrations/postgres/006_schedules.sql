-- Scheduled publications: a review request merged at a time a publisher chose, in the zone they chose it in. The time
-- is kept as they gave it (local_time, time_zone) and as the moment it makes in UTC (at, milliseconds). An instance
-- takes a due one by claiming it (claimed_by) for a lease (claimed_until); one whose lease lapsed (its instance was
-- killed) is taken by another. The request's page, branch and author are kept for the run's e-mails.
CREATE TABLE team_schedules (
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('publish')),
  request_number BIGINT NOT NULL,
  request_title TEXT NOT NULL,
  request_url TEXT NOT NULL,
  base_branch TEXT NOT NULL,
  author_email TEXT,
  author_name TEXT,
  local_time TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  at BIGINT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('waiting', 'running', 'done', 'failed', 'cancelled')),
  scheduled_by_email TEXT NOT NULL,
  scheduled_by_name TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  claimed_by TEXT,
  claimed_until BIGINT,
  ran_at BIGINT,
  late_by_ms BIGINT,
  failure_code TEXT,
  failure_message TEXT
);
-- A request waits for one time at most: a second schedule of it is a change of the first.
CREATE UNIQUE INDEX team_schedules_one_per_request ON team_schedules (request_number)
  WHERE state IN ('waiting', 'running');
CREATE INDEX team_schedules_due ON team_schedules (state, at);
CREATE INDEX team_schedules_updated ON team_schedules (updated_at);
