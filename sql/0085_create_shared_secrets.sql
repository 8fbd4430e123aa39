-- Secrets every web process must agree on when the environment does not set them (shared
-- state). An access token signed by one web process is verified by any other behind the
-- load balancer; a secret generated into each machine's DATA_DIR/secrets.json would make another
-- machine answer 401 to a valid session. The first web process stores its secret here, the others
-- adopt it. JWT_SECRET in the environment still wins, and stays the recommended setting.
CREATE TABLE shared_secrets (
  name text PRIMARY KEY CHECK (name IN ('jwt')),
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
