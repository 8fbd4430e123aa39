-- The local payment gateway's ledger of sales (the embedded stand-in for Braintree).
-- Braintree keeps every transaction and finds it again by its order id; the reconciler asks that
-- of a pending payment whose process died before it recorded the gateway's answer
-- (payments.service.ts, resolveStalePayment). The local gateway answers the same from here.
CREATE TABLE local_gateway_sales (
  transaction_id text PRIMARY KEY,
  order_id text NOT NULL,
  customer_id text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  payment_method text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_gateway_sales_order_idx ON local_gateway_sales (order_id, created_at);
