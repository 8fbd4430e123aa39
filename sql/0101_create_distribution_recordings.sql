-- One ISRC per recording, held by one user: a master keeps its ISRC on every release that carries
-- it, and nobody else's track can take it (typed in, or handed out by the counter). Rows stay when
-- tracks go: an ISRC is never given to another recording.
CREATE TABLE distribution_recordings (
  isrc text PRIMARY KEY CHECK (isrc ~ '^[A-Z]{2}[A-Z0-9]{3}\d{7}$'),
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  -- The master the code was first given to (null: typed for a track whose master is gone).
  master_id uuid REFERENCES masters (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (isrc, distribution_user_id)
);
CREATE INDEX distribution_recordings_master_idx ON distribution_recordings (distribution_user_id, master_id);

-- Today's codes, the first holder of each keeping it.
INSERT INTO distribution_recordings (isrc, distribution_user_id, master_id)
SELECT DISTINCT ON (isrc) isrc, distribution_user_id, master_id
FROM distribution_tracks WHERE isrc IS NOT NULL
ORDER BY isrc, created_at, id;

-- A track's ISRC is one its user holds. NOT VALID: rows written before this (a code two users
-- already share) are left for the check to flag; every new or changed row is held to it.
ALTER TABLE distribution_tracks
  ADD CONSTRAINT distribution_tracks_isrc_holder FOREIGN KEY (isrc, distribution_user_id)
  REFERENCES distribution_recordings (isrc, distribution_user_id) NOT VALID;
