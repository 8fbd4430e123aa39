-- The durable job queue: one table for PostgreSQL and PGlite alike. A worker claims a
-- job by setting a lease (lease_token, locked_until); a job whose lease ran out without completion
-- is claimed again. Done jobs keep their row (not their payload) so idempotency_key stays taken.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The user the work is for (fairness and per-user limits); null for system work.
  user_id uuid NULL,
  -- Higher runs first; fairness applies among jobs of equal priority.
  priority integer NOT NULL DEFAULT 0,
  idempotency_key text NULL UNIQUE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  backoff_ms integer NOT NULL DEFAULT 1000 CHECK (backoff_ms >= 0),
  run_after timestamptz NOT NULL DEFAULT now(),
  lease_token uuid NULL,
  locked_until timestamptz NULL,
  last_error text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz NULL
);

CREATE INDEX jobs_due_idx ON jobs (state, run_after) WHERE state IN ('queued', 'running');
CREATE INDEX jobs_running_idx ON jobs (kind, user_id) WHERE state = 'running';
