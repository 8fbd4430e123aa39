-- The local distribution provider's own records (DISTRIBUTION_PROVIDER=local). A real
-- distributor keeps these on its side; the users table holds the four ids the provider answered
-- (docs/product-rules.md). Everything is scoped by the provider's user, never by id alone.
CREATE TABLE distribution_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE distribution_artists (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- An artist's name differs from the user's other artists (compared without case).
CREATE UNIQUE INDEX distribution_artists_name_key ON distribution_artists (distribution_user_id, lower(name));

CREATE TABLE distribution_participants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1 AND length(email) <= 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX distribution_participants_name_key ON distribution_participants (distribution_user_id, lower(name));

CREATE TABLE distribution_labels (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  distribution_user_id bigint NOT NULL REFERENCES distribution_users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX distribution_labels_user_idx ON distribution_labels (distribution_user_id);
CREATE INDEX distribution_artists_user_idx ON distribution_artists (distribution_user_id);
CREATE INDEX distribution_participants_user_idx ON distribution_participants (distribution_user_id);
