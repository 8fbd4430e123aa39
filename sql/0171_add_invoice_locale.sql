-- The language an invoice is issued in (the buyer's at purchase): its PDF's texts, the product's
-- style names and the buyer's country name follow it. Invoices issued before say English.
ALTER TABLE invoices ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de'));
