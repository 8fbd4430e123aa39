-- A participant confirms their payout e-mail before money is paid to it: anyone can type any
-- address as a participant's. The confirmation mail says who names them and why; the token in it
-- (stored as its SHA-256) is the only permission. A changed address needs a new confirmation.
CREATE TABLE payout_address_confirmations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  participant_id bigint NOT NULL REFERENCES distribution_participants (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  token_sha256 text NOT NULL UNIQUE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz
);
CREATE UNIQUE INDEX payout_address_confirmations_key ON payout_address_confirmations (participant_id, lower(email));
