-- When a person's drafts last changed, so that others see how fresh the drafts of a page are.
ALTER TABLE team_draft_revisions ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
