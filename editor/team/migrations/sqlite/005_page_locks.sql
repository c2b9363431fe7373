-- The editing lock of a page: the first person to change it holds it while their editor sends a heartbeat, and it
-- lapses without one. Kept here so that every instance of the editor sees the same holder. taken_from and taken_at:
-- whom it was last taken over from, and when (that person may still keep their unsaved edits as their draft).
CREATE TABLE team_page_locks (
  file TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  name TEXT NOT NULL,
  heartbeat_at INTEGER NOT NULL,
  taken_from TEXT,
  taken_at INTEGER
);
