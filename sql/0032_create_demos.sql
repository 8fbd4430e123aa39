-- Demo masters on the home page: operators turn their own mastered masters into demos.
CREATE TABLE demos (
  master_id uuid PRIMARY KEY REFERENCES masters (id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
