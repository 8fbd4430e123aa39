-- Releases of the distribution add-on (album, release track, outlet;
-- DISTRIBUTION_PROVIDER=local). The local provider keeps the releases, their tracks (each with a copy
-- of the delivered audio), the stores chosen with their statuses, and the delivery jobs here.
CREATE TABLE distribution_albums (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '' CHECK (length(name) <= 200),
  label_id bigint NOT NULL REFERENCES distribution_labels (id),
  artist_id bigint NOT NULL REFERENCES distribution_artists (id),
  product_type text NOT NULL DEFAULT 'album' CHECK (product_type IN ('album', 'single', 'ep')),
  product_format text NOT NULL DEFAULT 'stereo' CHECK (product_format = 'stereo'),
  product_code_type text NOT NULL DEFAULT 'ean' CHECK (product_code_type IN ('ean', 'upc')),
  code_auto_generate boolean NOT NULL DEFAULT true,
  -- EAN-13 (a UPC-A is kept as its EAN-13 with the leading 0); unique across the catalogue.
  product_code text UNIQUE CHECK (product_code ~ '^\d{13}$'),
  original_release_date date NOT NULL DEFAULT current_date,
  global_release_date date,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'delivering', 'delivered')),
  disapprove_message text,
  -- The cover's storage version, facts and variants (null: none uploaded).
  cover jsonb,
  -- Wizard sections the user has seen (each section's visited flag).
  visited jsonb NOT NULL DEFAULT '[]',
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One release in the making per user: the wizard continues it until it is distributed or cancelled.
CREATE UNIQUE INDEX distribution_albums_one_draft ON distribution_albums (distribution_user_id) WHERE state = 'draft';
CREATE INDEX distribution_albums_user_idx ON distribution_albums (distribution_user_id, created_at);

CREATE TABLE distribution_tracks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  album_id bigint NOT NULL REFERENCES distribution_albums (id) ON DELETE CASCADE,
  -- The master it was made from; the provider keeps its own copy of the audio, so a deleted master
  -- leaves a delivered release whole.
  master_id uuid REFERENCES masters (id) ON DELETE SET NULL,
  is_custom_master boolean NOT NULL DEFAULT false,
  position integer NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (length(name) <= 200),
  genre_ids jsonb NOT NULL DEFAULT '[]',
  language text REFERENCES distribution_languages (code),
  featured_artist_ids jsonb NOT NULL DEFAULT '[]',
  isrc text CHECK (isrc ~ '^[A-Z]{2}[A-Z0-9]{3}\d{7}$'),
  isrc_assigned boolean NOT NULL DEFAULT false,
  iswc text CHECK (iswc ~ '^T\d{10}$'),
  explicit smallint NOT NULL DEFAULT 1 CHECK (explicit IN (0, 1, 2)),
  lyrics text,
  participants jsonb NOT NULL,
  audio_key text NOT NULL,
  audio_sha256 text NOT NULL,
  audio_bytes bigint NOT NULL,
  audio_facts jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A master is uploaded to a release once.
CREATE UNIQUE INDEX distribution_tracks_master_once ON distribution_tracks (album_id, master_id);
CREATE INDEX distribution_tracks_album_idx ON distribution_tracks (album_id, position);
CREATE INDEX distribution_tracks_isrc_idx ON distribution_tracks (isrc);

CREATE TABLE distribution_album_outlets (
  album_id bigint NOT NULL REFERENCES distribution_albums (id) ON DELETE CASCADE,
  store_id integer NOT NULL REFERENCES distribution_outlets (store_id),
  release_start_date date,
  -- 1202 distributed, 1034 disapproved; 1100 pending until the store answers.
  status_code integer NOT NULL DEFAULT 1100 CHECK (status_code IN (1100, 1202, 1034)),
  reason text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (album_id, store_id)
);

-- Counters the provider assigns codes from (ISRC designation per year, EAN sequence).
CREATE TABLE distribution_code_sequences (
  name text PRIMARY KEY,
  last_value integer NOT NULL DEFAULT 0
);

-- Durable background jobs of the distribution add-on: a delivery survives a restart because each
-- step is committed here and a job whose lease ran out is taken up again.
CREATE TABLE distribution_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('deliver')),
  album_id bigint NOT NULL REFERENCES distribution_albums (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  -- The next step to run: 'package', then 'store:<id>' per store, then 'finish'.
  step text NOT NULL DEFAULT 'package',
  attempts integer NOT NULL DEFAULT 0,
  run_after timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX distribution_jobs_due_idx ON distribution_jobs (state, run_after);
