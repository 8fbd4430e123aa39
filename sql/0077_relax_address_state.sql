-- "State or region" is required only where the country needs it
-- (STATE_REQUIRED_COUNTRIES in src/modules/addresses/addresses.schemas.ts); elsewhere it is ''.
ALTER TABLE addresses DROP CONSTRAINT addresses_state_check;
ALTER TABLE addresses ADD CONSTRAINT addresses_state_check CHECK (length(state) <= 100);
