-- The local payment gateway's vault (the embedded stand-in for Braintree). A test
-- nonce vaulted for a customer becomes a reusable token, as Braintree's vault does, so that a
-- subscription can be renewed without the buyer. `subscription_ref` is the local subscription the
-- method pays for: a method in use by a subscription cannot be deleted (payment widget).
CREATE TABLE local_vault_methods (
  token text PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payment_method text NOT NULL,
  description text NOT NULL,
  -- The nonce it was made from decides how later charges answer (valid or declining test card).
  source_nonce text NOT NULL,
  subscription_ref text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_vault_methods_customer_idx ON local_vault_methods (customer_id, created_at);
