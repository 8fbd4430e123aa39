-- VAT ids confirmed with the EU's VIES service (when VIES_URL is set): the latest definite answer
-- per member state and number, reused for a while, and kept with each invoice it decided.
CREATE TABLE vat_id_checks (
  country text NOT NULL,
  vat_number text NOT NULL,
  valid boolean NOT NULL,
  consultation_number text,
  request_date text NOT NULL,
  trader_name text,
  trader_address text,
  checked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (country, vat_number)
);

-- The VIES answer a reverse-charge invoice relied on (consultation number, date, name), as issued.
ALTER TABLE invoices ADD COLUMN vat_check jsonb;
