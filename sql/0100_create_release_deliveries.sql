-- Deliveries of a release to the stores over SFTP (DISTRIBUTION_PROVIDER=sftp): one row per release,
-- store and message (the first delivery, a metadata update, a takedown), with what the store
-- answered. The local provider keeps using the outlets' status codes only.
CREATE TABLE release_deliveries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  album_id bigint NOT NULL REFERENCES distribution_albums (id) ON DELETE CASCADE,
  store_id integer NOT NULL REFERENCES distribution_outlets (store_id),
  kind text NOT NULL CHECK (kind IN ('new', 'update', 'takedown')),
  -- The DDEX MessageId; also the batch folder's name on the store's server.
  message_id text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'uploaded', 'acknowledged', 'live', 'rejected', 'unreadable', 'taken_down')),
  -- Files already renamed into place on the server, name -> {sha256, bytes}: a resumed upload skips them.
  uploaded_files jsonb NOT NULL DEFAULT '{}',
  -- A translation key for the store's answer, and the store's own words beside it.
  reason text,
  store_text text CHECK (length(store_text) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX release_deliveries_album_idx ON release_deliveries (album_id, store_id, id);

-- Every acknowledgement file read from a store, kept as it came (also the ones that could not be read).
CREATE TABLE release_acknowledgements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The SFTP target it was read from (its host, port and folder), with the file's name: read once.
  source text NOT NULL,
  file_name text NOT NULL,
  delivery_id bigint REFERENCES release_deliveries (id) ON DELETE CASCADE,
  readable boolean NOT NULL,
  status text,
  body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, file_name)
);
CREATE INDEX release_acknowledgements_delivery_idx ON release_acknowledgements (delivery_id);
