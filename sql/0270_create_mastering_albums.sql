-- Album mode: several of a user's tracks mastered together in one style and intensity, in order.
-- The loudest mix sets the album's level; each other track keeps its loudness distance to it
-- (docs/engine.md, Album). Each track's master is the track's ordinary master of that style and
-- intensity, so it downloads, sells and releases like any other; the album keeps the order and
-- the figures measured when it was mastered.
CREATE TABLE mastering_albums (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  style_id integer NOT NULL REFERENCES styles (id),
  intensity text NOT NULL CHECK (intensity IN ('low', 'medium', 'high')),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'mastering', 'done', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mastering_albums_id_owner_unique UNIQUE (id, user_id)
);
CREATE INDEX mastering_albums_user_idx ON mastering_albums (user_id, created_at DESC);

CREATE TABLE mastering_album_tracks (
  album_id uuid NOT NULL,
  user_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0 AND position < 30),
  track_id uuid NOT NULL,
  master_id uuid REFERENCES masters (id) ON DELETE SET NULL,
  -- Integrated loudness of the mix (as heard: a mono mix counted as stereo), the target the album
  -- rule gave the track, and what its master measured, LUFS; its master's true peak, dBTP.
  mix_lufs double precision,
  target_lufs double precision,
  master_lufs double precision,
  master_true_peak double precision,
  PRIMARY KEY (album_id, position),
  CONSTRAINT mastering_album_tracks_once UNIQUE (album_id, track_id),
  -- Only the album owner's own tracks: kept by the database as well as by the service.
  CONSTRAINT mastering_album_tracks_album_owner FOREIGN KEY (album_id, user_id) REFERENCES mastering_albums (id, user_id) ON DELETE CASCADE,
  CONSTRAINT mastering_album_tracks_track_owner FOREIGN KEY (track_id, user_id) REFERENCES tracks (id, user_id) ON DELETE CASCADE
);
