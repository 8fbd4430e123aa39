-- The distribution add-on's subscription (19.99 US dollars per year; 30-day grace).
--   status       active (paid up), past_due (a renewal failed; the add-on stays on until grace_until),
--                canceled (by the user; the add-on stays on until current_period_end), ended.
--   gateway_ref  the gateway's subscription id (Braintree's, or the local gateway's own).
-- One live subscription per user; ended ones stay as history.
CREATE TABLE distribution_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_id text NOT NULL,
  gateway text NOT NULL CHECK (gateway IN ('local', 'braintree')),
  gateway_ref text NOT NULL,
  payment_method_token text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'past_due', 'canceled', 'ended')),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  currency char(3) NOT NULL CHECK (currency IN ('USD', 'EUR')),
  billing_frequency_months smallint NOT NULL CHECK (billing_frequency_months > 0),
  -- Periods are numbered from 1; each period's charge has the idempotency key sub:<id>:<period>.
  period_number integer NOT NULL DEFAULT 1 CHECK (period_number >= 1),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL CHECK (current_period_end > current_period_start),
  grace_until timestamptz,
  -- Past due: when the failed renewal is tried again.
  next_retry_at timestamptz,
  failed_renewals integer NOT NULL DEFAULT 0 CHECK (failed_renewals >= 0),
  last_failure text CHECK (length(last_failure) <= 500),
  canceled_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT distribution_subscriptions_grace_when_past_due CHECK ((status = 'past_due') = (grace_until IS NOT NULL))
);
CREATE UNIQUE INDEX distribution_subscriptions_one_live ON distribution_subscriptions (user_id) WHERE status <> 'ended';
CREATE INDEX distribution_subscriptions_due_idx ON distribution_subscriptions (current_period_end) WHERE status IN ('active', 'past_due', 'canceled');
CREATE INDEX distribution_subscriptions_retry_idx ON distribution_subscriptions (next_retry_at) WHERE status = 'past_due';

-- A subscription's charges are payments and get invoices like a master's: product_type 1 is the
-- distribution add-on (0 is a track master), with buying option 0 (none).
ALTER TABLE payments ADD COLUMN product_type smallint NOT NULL DEFAULT 0 CHECK (product_type IN (0, 1));
ALTER TABLE payments ADD COLUMN subscription_id uuid REFERENCES distribution_subscriptions (id) ON DELETE SET NULL;
ALTER TABLE payments DROP CONSTRAINT payments_buying_option_check;
ALTER TABLE payments ADD CONSTRAINT payments_buying_option_of_product CHECK (
  (product_type = 0 AND buying_option IN (1, 2)) OR (product_type = 1 AND buying_option = 0)
);
CREATE INDEX payments_subscription_idx ON payments (subscription_id) WHERE subscription_id IS NOT NULL;

ALTER TABLE invoices DROP CONSTRAINT invoices_buying_option_check;
ALTER TABLE invoices DROP CONSTRAINT invoices_product_type_known;
ALTER TABLE invoices ADD CONSTRAINT invoices_product_type_known CHECK (product_type IN (0, 1));
ALTER TABLE invoices ADD CONSTRAINT invoices_buying_option_of_product CHECK (
  (product_type = 0 AND buying_option IN (1, 2)) OR (product_type = 1 AND buying_option = 0)
);
