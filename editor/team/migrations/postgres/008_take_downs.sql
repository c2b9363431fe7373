-- Scheduled take-downs: a schedule of kind 'take-down' removes live pages or undoes a merged request's change, with
-- the redirects the removed pages need. What it takes down is kept as JSON (take_down); a take-down of a change keeps
-- that request's number (one waiting take-down per change), one of pages none.
ALTER TABLE team_schedules DROP CONSTRAINT team_schedules_kind_check;
ALTER TABLE team_schedules ADD CONSTRAINT team_schedules_kind_check CHECK (kind IN ('publish', 'take-down'));
ALTER TABLE team_schedules
  ALTER COLUMN request_number DROP NOT NULL,
  ALTER COLUMN request_title DROP NOT NULL,
  ALTER COLUMN request_url DROP NOT NULL,
  ADD COLUMN take_down TEXT;
-- A request waits for one publication and one take-down at most.
DROP INDEX team_schedules_one_per_request;
CREATE UNIQUE INDEX team_schedules_one_per_request ON team_schedules (kind, request_number)
  WHERE state IN ('waiting', 'running');
