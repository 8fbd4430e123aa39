-- The free-plugin promotion: after sign-up a user is offered a code for one free master.
-- It is an ordinary coupon: type free, once per user, no overall limit and no expiry.
-- Operators can end it with `npm run admin -- coupon:add` of a new code and an expiry on this one
-- (UPDATE coupons SET expires_at = now() WHERE key = 'FREEMASTER'); the dialog names
-- WELCOME_COUPON_KEY of src/modules/coupons/coupons.schemas.ts.
INSERT INTO coupons (key, type, value, per_user_limit) VALUES ('FREEMASTER', 'free', 0, 1)
ON CONFLICT (key) DO NOTHING;
