-- Reference tracks: WAVs a user masters toward (their tonal balance, loudness and dynamics). A
-- reference is its owner's alone: it is never shared, sold, listed for anyone else or served for
-- download, so it has no status, price or share count, only what the upload checked.
CREATE TABLE reference_tracks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  path text NOT NULL UNIQUE,
  sample_rate integer NOT NULL,
  channels smallint NOT NULL,
  number_of_samples bigint NOT NULL,
  byte_length bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reference_tracks_user_idx ON reference_tracks (user_id, created_at);
