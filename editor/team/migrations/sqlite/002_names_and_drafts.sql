-- The person's name as their provider gives it (for a link, from the address), for commits made in their name.
ALTER TABLE team_sessions ADD COLUMN name TEXT NOT NULL DEFAULT '';

-- Each person's drafts: what their copy of the site holds unpublished, file by file (NULL content: they deleted the
-- file), kept here so that no instance's disk is the only place a saved draft lives.
CREATE TABLE team_drafts (
  person TEXT NOT NULL,
  file TEXT NOT NULL,
  content BLOB,
  PRIMARY KEY (person, file)
);

-- A person's drafts change as a whole; an instance whose copy is of an older revision writes them again.
CREATE TABLE team_draft_revisions (
  person TEXT PRIMARY KEY,
  revision INTEGER NOT NULL
);
