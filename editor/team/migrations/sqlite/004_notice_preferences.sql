-- Which e-mail notices a person wants (a review requested; their own request merged or sent back). A person without
-- a row wants them all.
CREATE TABLE team_notice_preferences (
  email TEXT PRIMARY KEY,
  review_requested INTEGER NOT NULL,
  own_requests INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
