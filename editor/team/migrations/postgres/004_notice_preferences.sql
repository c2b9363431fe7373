-- Which e-mail notices a person wants (a review requested; their own request merged or sent back). A person without
-- a row wants them all.
CREATE TABLE team_notice_preferences (
  email TEXT PRIMARY KEY,
  review_requested BOOLEAN NOT NULL,
  own_requests BOOLEAN NOT NULL,
  updated_at BIGINT NOT NULL
);
