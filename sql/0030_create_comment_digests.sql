-- The owner's e-mail digest of new comments on a track: at most one per hour per track.
-- covered_until is the created_at of the newest comment a digest already told the owner about.
CREATE TABLE comment_digests (
  track_id uuid PRIMARY KEY REFERENCES tracks (id) ON DELETE CASCADE,
  last_sent_at timestamptz NOT NULL,
  covered_until timestamptz NOT NULL
);

-- Owners who switched the digest off in their profile (the default is on).
CREATE TABLE comment_digest_optouts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX ratings_track_idx ON ratings (track_id);
