-- Core schema: accounts, catalogue, tracks and masters, sharing, feedback, money.
-- Money is kept in integer cents; ids that appear in URLs are UUIDs so they cannot be enumerated.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL DEFAULT '' CHECK (length(first_name) <= 100),
  last_name text NOT NULL DEFAULT '' CHECK (length(last_name) <= 100),
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de')),
  subscribed_to_newsletter boolean NOT NULL DEFAULT false,
  inform_about_updates boolean NOT NULL DEFAULT false,
  beta_testing boolean NOT NULL DEFAULT false,
  email_confirmed_at timestamptz,
  distribution_user_id text,
  distribution_artist_id text,
  distribution_participant_id text,
  distribution_label_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lowercase CHECK (email = lower(email) AND position('@' IN email) > 1)
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE email_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset', 'email_change')),
  token_hash text NOT NULL UNIQUE,
  new_email text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT email_tokens_new_email CHECK ((purpose = 'email_change') = (new_email IS NOT NULL))
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company text CHECK (length(company) <= 200),
  street_and_number text NOT NULL CHECK (length(street_and_number) BETWEEN 1 AND 200),
  additional text CHECK (length(additional) <= 200),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
  zip text NOT NULL CHECK (length(zip) BETWEEN 1 AND 20),
  country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  state text NOT NULL CHECK (length(state) BETWEEN 1 AND 100),
  tax_id text CHECK (length(tax_id) <= 30),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses (user_id, created_at);

CREATE TABLE style_groups (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
  description text NOT NULL DEFAULT '',
  description_de text NOT NULL DEFAULT '',
  icon text NOT NULL DEFAULT '',
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true
);

-- style_index is the style's number on the wire (stream frames carry it) and never changes.
-- processing holds the engine's parameters for the style, validated by the engine's schema.
CREATE TABLE styles (
  id serial PRIMARY KEY,
  style_group_id integer NOT NULL REFERENCES style_groups (id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  description text NOT NULL DEFAULT '',
  description_de text NOT NULL DEFAULT '',
  style_index integer NOT NULL UNIQUE CHECK (style_index >= 0),
  sort_order integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  usage_count integer NOT NULL DEFAULT 0 CHECK (usage_count >= 0),
  processing jsonb NOT NULL CHECK (jsonb_typeof(processing) = 'object'),
  UNIQUE (style_group_id, name)
);

CREATE TABLE tracks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  artist text CHECK (length(artist) <= 200),
  genre text CHECK (length(genre) <= 100),
  album text CHECK (length(album) <= 200),
  bpm integer CHECK (bpm BETWEEN 0 AND 999),
  is_custom_master boolean NOT NULL DEFAULT false,
  -- Storage key of the uploaded original; NULL until its audio arrives.
  path text,
  file_name text,
  sample_rate integer CHECK (sample_rate BETWEEN 8000 AND 192000),
  channels smallint CHECK (channels IN (1, 2)),
  bits_per_sample smallint CHECK (bits_per_sample IN (16, 24, 32, 64)),
  sample_format text CHECK (sample_format IN ('int', 'float')),
  number_of_samples bigint CHECK (number_of_samples >= 0),
  byte_length bigint CHECK (byte_length >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT tracks_audio_complete CHECK (
    (path IS NULL) = (sample_rate IS NULL) AND (path IS NULL) = (channels IS NULL)
  )
);
CREATE INDEX tracks_user_idx ON tracks (user_id, created_at DESC);

-- A master with no style is the track's unmastered master (one per track).
CREATE TABLE masters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  style_id integer REFERENCES styles (id) ON DELETE RESTRICT,
  buying_option smallint NOT NULL DEFAULT 0 CHECK (buying_option IN (0, 1, 2)),
  status text NOT NULL DEFAULT 'CREATED'
    CHECK (status IN ('CREATED', 'MASTERING', 'MASTERED', 'FAILED', 'PAYMENT_DONE')),
  failed_mastering_attempts integer NOT NULL DEFAULT 0 CHECK (failed_mastering_attempts >= 0),
  share_count integer NOT NULL DEFAULT 0 CHECK (share_count BETWEEN 0 AND 5),
  path text,
  checksum text,
  measurements jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX masters_track_style_key ON masters (track_id, style_id) WHERE style_id IS NOT NULL;
CREATE UNIQUE INDEX masters_track_unmastered_key ON masters (track_id) WHERE style_id IS NULL;
CREATE INDEX masters_user_idx ON masters (user_id, created_at DESC);

CREATE TABLE shares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  master_id uuid NOT NULL REFERENCES masters (id) ON DELETE CASCADE,
  owner_user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (master_id, email)
);
CREATE INDEX shares_email_idx ON shares (email);

CREATE TABLE comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  timestamp_s double precision CHECK (timestamp_s >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_track_idx ON comments (track_id, created_at DESC);

CREATE TABLE ratings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  track_id uuid NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (track_id, user_id)
);

CREATE TABLE faqs (
  id serial PRIMARY KEY,
  locale text NOT NULL CHECK (locale IN ('en', 'de')),
  question text NOT NULL CHECK (length(question) BETWEEN 1 AND 500),
  answer text NOT NULL CHECK (length(answer) BETWEEN 1 AND 5000),
  sort_order integer NOT NULL DEFAULT 0
);
CREATE INDEX faqs_locale_idx ON faqs (locale, sort_order);

CREATE TABLE coupons (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE CHECK (key = upper(key) AND length(key) BETWEEN 3 AND 40),
  type text NOT NULL CHECK (type IN ('percent', 'amount', 'free')),
  -- percent: 1..100; amount: cents; free: 0
  value integer NOT NULL CHECK (value >= 0),
  max_uses integer CHECK (max_uses > 0),
  per_user_limit integer CHECK (per_user_limit > 0),
  expires_at timestamptz,
  used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT coupons_value_range CHECK (
    (type = 'percent' AND value BETWEEN 1 AND 100) OR (type = 'amount' AND value > 0) OR (type = 'free' AND value = 0)
  ),
  CONSTRAINT coupons_uses_bound CHECK (max_uses IS NULL OR used_count <= max_uses)
);

CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  master_id uuid REFERENCES masters (id) ON DELETE SET NULL,
  buying_option smallint NOT NULL CHECK (buying_option IN (1, 2)),
  -- One charge per master and option: concurrent pays collide here instead of charging twice.
  idempotency_key text NOT NULL UNIQUE,
  gateway text NOT NULL CHECK (gateway IN ('local', 'braintree', 'none')),
  transaction_id text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency char(3) NOT NULL CHECK (currency IN ('USD', 'EUR')),
  status text NOT NULL CHECK (status IN ('pending', 'settled', 'declined', 'failed')),
  payment_method text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Invoice numbers are legal documents: they come from this single counter row, incremented inside
-- the paying transaction, so a rolled-back payment leaves no gap (a sequence would).
CREATE TABLE invoice_counter (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0)
);
INSERT INTO invoice_counter (id, last_number) VALUES (true, 0);

-- Invoices keep their own copy of the buyer's data: they outlive the account (retention period).
CREATE TABLE invoices (
  invoice_number bigint PRIMARY KEY CHECK (invoice_number > 0),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  master_id uuid REFERENCES masters (id) ON DELETE SET NULL,
  payment_id uuid REFERENCES payments (id) ON DELETE RESTRICT,
  first_name text NOT NULL,
  last_name text NOT NULL,
  company text,
  street_and_number text NOT NULL,
  additional text,
  city text NOT NULL,
  zip text NOT NULL,
  country char(2) NOT NULL,
  state text NOT NULL,
  tax_id text,
  coupon_key text,
  coupon_type text,
  coupon_amount integer,
  coupon_currency char(3),
  currency char(3) NOT NULL CHECK (currency IN ('USD', 'EUR')),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  coupon_value_cents integer NOT NULL DEFAULT 0 CHECK (coupon_value_cents >= 0),
  vat_rate numeric(5, 2) NOT NULL DEFAULT 0,
  vat_cents integer NOT NULL DEFAULT 0 CHECK (vat_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  reverse_charge boolean NOT NULL DEFAULT false,
  product text NOT NULL,
  product_type smallint NOT NULL DEFAULT 0,
  buying_option smallint NOT NULL CHECK (buying_option IN (1, 2)),
  payment_method text NOT NULL,
  transaction_id text,
  retain_until date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_user_idx ON invoices (user_id, created_at DESC);
