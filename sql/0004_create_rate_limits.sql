-- Abuse limits (login, register, forgot-password, resend) as fixed-window counters in the database:
-- the state survives a restart (a restart must not reset an attacker's budget) and is shared by every
-- web instance behind a load balancer, which an in-memory map would not be. Buckets hold a sha256 of
-- the address or client IP, never the value itself, and rows expire with their window.
CREATE TABLE rate_limit_counters (
  bucket text NOT NULL CHECK (length(bucket) BETWEEN 1 AND 200),
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 1 CHECK (hits >= 1),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);

-- Lookups of a user's live e-mail tokens by purpose (resend, reset and change invalidate the older ones).
CREATE INDEX email_tokens_user_purpose_idx ON email_tokens (user_id, purpose) WHERE used_at IS NULL;
