-- Payouts through a payouts service (PayPal Payouts): a payout is recorded before the batch is sent,
-- sent under its run id as the idempotency key (sender_batch_id), and confirmed or returned by what
-- the service answers when polled. Only a confirmed payout is announced to its recipient.
-- Rows written before this change were mailed already: they count as confirmed.
ALTER TABLE royalty_payouts
  ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'submitted', 'confirmed', 'returned')),
  -- The service's fee for this item, deducted from what the recipient receives (amount_minor - fee_minor).
  ADD COLUMN fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  ADD COLUMN provider_item_id text,
  -- The service's own word for the item (SUCCESS, FAILED, UNCLAIMED, ...), as last polled.
  ADD COLUMN provider_status text,
  -- Why the money came back (the service's error text, or that nobody claimed it).
  ADD COLUMN failure_reason text CHECK (failure_reason IS NULL OR length(failure_reason) <= 500),
  ADD COLUMN settled_at timestamptz,
  ADD COLUMN notified_at timestamptz,
  ADD CONSTRAINT royalty_payouts_fee_below_amount CHECK (fee_minor < amount_minor);
CREATE INDEX royalty_payouts_open_idx ON royalty_payouts (run_id) WHERE status IN ('pending', 'submitted');

-- The ledger holds more than statement lines: operator adjustments (a store's fine for artificial
-- streams is a negative one), holds and their releases, and the money of a payout that came back.
-- A balance is the sum of a participant's unpaid entries and may be below zero; later earnings
-- recover it, because a payout only goes out while the sum is at or above the threshold.
ALTER TABLE royalty_ledger
  ALTER COLUMN line_id DROP NOT NULL,
  ADD COLUMN kind text NOT NULL DEFAULT 'earning' CHECK (kind IN ('earning', 'adjustment', 'hold', 'release', 'returned')),
  ADD COLUMN reason text CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 500),
  -- For kind 'returned': the payout whose money this is; each payout comes back at most once.
  ADD COLUMN returned_payout_id bigint REFERENCES royalty_payouts (id) ON DELETE RESTRICT,
  -- For kind 'release': the hold it lifts; each hold is lifted at most once.
  ADD COLUMN released_hold_id bigint REFERENCES royalty_ledger (id) ON DELETE CASCADE,
  ADD CONSTRAINT royalty_ledger_kind_shape CHECK (
    (kind = 'earning' AND line_id IS NOT NULL)
    OR (kind IN ('adjustment', 'hold') AND line_id IS NULL AND reason IS NOT NULL)
    OR (kind = 'release' AND line_id IS NULL AND released_hold_id IS NOT NULL AND amount_minor > 0)
    OR (kind = 'returned' AND line_id IS NULL AND returned_payout_id IS NOT NULL AND amount_minor > 0)
  ),
  ADD CONSTRAINT royalty_ledger_hold_negative CHECK (kind <> 'hold' OR amount_minor < 0);
CREATE UNIQUE INDEX royalty_ledger_returned_key ON royalty_ledger (returned_payout_id) WHERE returned_payout_id IS NOT NULL;
CREATE UNIQUE INDEX royalty_ledger_released_key ON royalty_ledger (released_hold_id) WHERE released_hold_id IS NOT NULL;
