-- An album of masters is bought at once: one payment for all its tracks (product_type 2, the
-- album named, no single master), one invoice (product_type 2) with a line per track it charged,
-- at the album's one buying option (a track owned at a lower option is charged the difference).
-- A master bought on its own keeps its invoice of one product and no lines.
ALTER TABLE payments ADD COLUMN album_id uuid REFERENCES mastering_albums (id) ON DELETE SET NULL;
ALTER TABLE payments DROP CONSTRAINT payments_product_type_check;
ALTER TABLE payments DROP CONSTRAINT payments_buying_option_of_product;
ALTER TABLE payments ADD CONSTRAINT payments_product_type_known CHECK (product_type IN (0, 1, 2));
ALTER TABLE payments ADD CONSTRAINT payments_buying_option_of_product CHECK (
  (product_type IN (0, 2) AND buying_option IN (1, 2)) OR (product_type = 1 AND buying_option = 0)
);
-- An album's masters are named by its quote's lines, never by master_id.
ALTER TABLE payments ADD CONSTRAINT payments_album_names_no_master CHECK (product_type <> 2 OR master_id IS NULL);
CREATE INDEX payments_album_idx ON payments (album_id) WHERE album_id IS NOT NULL;
-- Every claim looks for purchases of the same masters in flight (an album's by its quote's lines):
-- the pending ones are few, whatever the number of payments.
CREATE INDEX payments_pending_idx ON payments (updated_at) WHERE status = 'pending';

ALTER TABLE invoices DROP CONSTRAINT invoices_product_type_known;
ALTER TABLE invoices DROP CONSTRAINT invoices_buying_option_of_product;
ALTER TABLE invoices ADD CONSTRAINT invoices_product_type_known CHECK (product_type IN (0, 1, 2));
ALTER TABLE invoices ADD CONSTRAINT invoices_buying_option_of_product CHECK (
  (product_type IN (0, 2) AND buying_option IN (1, 2)) OR (product_type = 1 AND buying_option = 0)
);

-- The invoice's own copy of what each line sold (kept as issued, like the invoice's buyer and
-- seller): the track and style as named then, the option delivered, the option owned before (an
-- upgrade charges the difference) and the net price before the invoice's coupon. The lines add up
-- to the invoice's price_cents.
CREATE TABLE invoice_lines (
  invoice_number bigint NOT NULL REFERENCES invoices (invoice_number) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position >= 0),
  master_id uuid REFERENCES masters (id) ON DELETE SET NULL,
  product text NOT NULL,
  buying_option smallint NOT NULL CHECK (buying_option IN (1, 2)),
  upgrade_from smallint NOT NULL CHECK (upgrade_from >= 0 AND upgrade_from < buying_option),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  PRIMARY KEY (invoice_number, position)
);
CREATE INDEX invoice_lines_master_idx ON invoice_lines (master_id) WHERE master_id IS NOT NULL;
