-- Rules the services already keep, now kept by the database as well (real constraints).

-- An invoice's coupon is all there or all absent, of a known type, in the invoice's currency; the
-- VAT rate is a percentage; the total is exactly price minus coupon plus VAT, so no
-- invoice can state figures that do not add up.
ALTER TABLE invoices
  ADD CONSTRAINT invoices_coupon_complete CHECK (
    (coupon_key IS NULL AND coupon_type IS NULL AND coupon_amount IS NULL AND coupon_currency IS NULL)
    OR (
      coupon_key IS NOT NULL AND coupon_type IS NOT NULL AND coupon_amount IS NOT NULL AND coupon_currency IS NOT NULL
      AND coupon_type IN ('percent', 'amount', 'free') AND coupon_amount >= 0 AND coupon_currency = currency
    )
  ),
  ADD CONSTRAINT invoices_vat_rate_range CHECK (vat_rate >= 0 AND vat_rate <= 100),
  ADD CONSTRAINT invoices_product_type_known CHECK (product_type IN (0)),
  ADD CONSTRAINT invoices_coupon_within_price CHECK (coupon_value_cents <= price_cents),
  ADD CONSTRAINT invoices_total_adds_up CHECK (total_cents = price_cents - coupon_value_cents + vat_cents);

-- A master belongs to its track's owner, and a share is made by its master's owner.
ALTER TABLE tracks ADD CONSTRAINT tracks_id_owner_unique UNIQUE (id, user_id);
ALTER TABLE masters
  ADD CONSTRAINT masters_owner_is_track_owner FOREIGN KEY (track_id, user_id) REFERENCES tracks (id, user_id) ON DELETE CASCADE;
ALTER TABLE masters ADD CONSTRAINT masters_id_owner_unique UNIQUE (id, user_id);
ALTER TABLE shares
  ADD CONSTRAINT shares_owner_is_master_owner FOREIGN KEY (master_id, owner_user_id) REFERENCES masters (id, user_id) ON DELETE CASCADE;
