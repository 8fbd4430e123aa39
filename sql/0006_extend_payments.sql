-- What a charge needs beyond sql/0001, kept with the payment so that any request can finish it:
--   coupon_id       the coupon the charge used: per-user limits, and uses reserved while a charge is
--                   in flight (coupons.used_count counts completed purchases only);
--   quote           the priced purchase and the buyer's invoice data as they were when the charge was
--                   claimed, so the invoice states exactly what was charged;
--   failure_message what the gateway said when it declined (the user sees it; operators read it).
-- Invoices keep the seller's data as issued: a later change of the seller's address or VAT id must
-- not alter an issued invoice or its PDF.
ALTER TABLE payments ADD COLUMN coupon_id integer REFERENCES coupons (id) ON DELETE SET NULL;
ALTER TABLE payments ADD COLUMN quote jsonb CHECK (quote IS NULL OR jsonb_typeof(quote) = 'object');
ALTER TABLE payments ADD COLUMN failure_message text CHECK (length(failure_message) <= 500);
CREATE INDEX payments_coupon_user_idx ON payments (coupon_id, user_id) WHERE coupon_id IS NOT NULL;
CREATE INDEX payments_master_idx ON payments (master_id);

ALTER TABLE invoices ADD COLUMN seller jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(seller) = 'object');
