-- Royalties (operator commands royalties:import, payouts:run). Store statements an
-- operator imports, their lines matched to release tracks, the ledger that splits each line by the
-- track's payout shares, the payouts made from it, and the distribution screens' feedback.
-- Money is integer minor units of the payout currency (USD cents); a statement line keeps its own
-- amount and currency as delivered, and the rates it was converted at are recorded with the import.
CREATE TABLE royalty_statements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  store text NOT NULL CHECK (length(btrim(store)) BETWEEN 1 AND 100),
  period char(7) NOT NULL CHECK (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  -- SHA-256 of the file's text: the same file again is "already imported", another one is refused.
  file_sha256 text NOT NULL,
  -- {"EUR": "1.08"}: one unit of the line's currency in the payout currency.
  rates jsonb NOT NULL DEFAULT '{}',
  currency char(3) NOT NULL DEFAULT 'USD',
  line_count integer NOT NULL CHECK (line_count >= 0),
  matched_count integer NOT NULL CHECK (matched_count >= 0),
  total_minor bigint NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);
-- Idempotent per store and period: one statement each.
CREATE UNIQUE INDEX royalty_statements_store_period_key ON royalty_statements (lower(store), period);

CREATE TABLE royalty_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  statement_id bigint NOT NULL REFERENCES royalty_statements (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  isrc text CHECK (isrc ~ '^[A-Z]{2}[A-Z0-9]{3}\d{7}$'),
  upc text CHECK (upc ~ '^\d{13}$'),
  territory char(2) NOT NULL CHECK (territory ~ '^[A-Z]{2}$'),
  usage_type text NOT NULL CHECK (usage_type ~ '^[a-z][a-z_-]{0,39}$'),
  quantity bigint NOT NULL CHECK (quantity >= 0),
  -- As delivered: the store's decimal amount in its currency (stores report fractions of a cent).
  net_revenue text NOT NULL CHECK (net_revenue ~ '^-?\d{1,12}(\.\d{1,10})?$'),
  net_currency char(3) NOT NULL CHECK (net_currency ~ '^[A-Z]{3}$'),
  -- Converted at the statement's rate and rounded to the payout currency's minor unit.
  amount_minor bigint NOT NULL,
  -- What the line matched; null when it matched nothing (kept and listed for the operator).
  distribution_user_id bigint REFERENCES distribution_users (id) ON DELETE SET NULL,
  album_id bigint REFERENCES distribution_albums (id) ON DELETE SET NULL,
  track_id bigint REFERENCES distribution_tracks (id) ON DELETE SET NULL,
  UNIQUE (statement_id, line_no)
);
CREATE INDEX royalty_lines_user_idx ON royalty_lines (distribution_user_id);

CREATE TABLE royalty_payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id uuid NOT NULL,
  participant_id bigint REFERENCES distribution_participants (id) ON DELETE SET NULL,
  distribution_user_id bigint REFERENCES distribution_users (id) ON DELETE SET NULL,
  -- The payout e-mail at the time of the payout (a later change does not rewrite history).
  email text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL DEFAULT 'USD',
  provider text NOT NULL,
  provider_reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX royalty_payouts_user_idx ON royalty_payouts (distribution_user_id, created_at);

-- One line's part for one participant; paid at most once (payout_id set in the payout's transaction).
CREATE TABLE royalty_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  line_id bigint NOT NULL REFERENCES royalty_lines (id) ON DELETE CASCADE,
  track_id bigint REFERENCES distribution_tracks (id) ON DELETE SET NULL,
  participant_id bigint NOT NULL REFERENCES distribution_participants (id) ON DELETE CASCADE,
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  -- The participant's payout share on the track when the line was imported, in hundredths of a percent.
  share_hundredths integer NOT NULL CHECK (share_hundredths BETWEEN 0 AND 10000),
  amount_minor bigint NOT NULL,
  payout_id bigint REFERENCES royalty_payouts (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (line_id, track_id, participant_id)
);
CREATE INDEX royalty_ledger_unpaid_idx ON royalty_ledger (participant_id) WHERE payout_id IS NULL;
CREATE INDEX royalty_ledger_user_idx ON royalty_ledger (distribution_user_id);

-- The distribution screens' feedback widget, kept for the operators.
CREATE TABLE distribution_feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sound_rating smallint NOT NULL CHECK (sound_rating BETWEEN 1 AND 5),
  overall_rating smallint NOT NULL CHECK (overall_rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 2000),
  page text NOT NULL CHECK (length(page) <= 200),
  include_song_data boolean NOT NULL DEFAULT false,
  -- With include_song_data: the user's releases and their tracks (ids, names, ISRCs) when sent.
  song_data jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX distribution_feedback_created_idx ON distribution_feedback (created_at);
