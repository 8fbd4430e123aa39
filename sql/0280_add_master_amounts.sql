-- How far each part of the style's move is taken, percent of the style's own (100: the style as it
-- is), on top of the intensity: tone, width and dynamics, 0 to 150 in steps of 10. Other amounts are
-- another master, so the one-master-per-style key takes them too. A track's unmastered master has
-- no style and so only the default amounts.
ALTER TABLE masters
  ADD COLUMN tone_amount smallint NOT NULL DEFAULT 100 CONSTRAINT masters_tone_amount_check CHECK (tone_amount BETWEEN 0 AND 150 AND tone_amount % 10 = 0),
  ADD COLUMN width_amount smallint NOT NULL DEFAULT 100 CONSTRAINT masters_width_amount_check CHECK (width_amount BETWEEN 0 AND 150 AND width_amount % 10 = 0),
  ADD COLUMN dynamics_amount smallint NOT NULL DEFAULT 100 CONSTRAINT masters_dynamics_amount_check CHECK (dynamics_amount BETWEEN 0 AND 150 AND dynamics_amount % 10 = 0);
ALTER TABLE masters ADD CONSTRAINT masters_unmastered_has_default_amounts CHECK (style_id IS NOT NULL OR (tone_amount = 100 AND width_amount = 100 AND dynamics_amount = 100));
-- Both keys of sql/0276 take the amounts: a master toward no reference is one per track, style,
-- intensity and amounts; one toward a reference is one per those and the reference.
DROP INDEX masters_track_style_intensity_key;
DROP INDEX masters_track_style_intensity_reference_key;
CREATE UNIQUE INDEX masters_track_style_steering_key ON masters (track_id, style_id, intensity, tone_amount, width_amount, dynamics_amount) WHERE style_id IS NOT NULL AND reference_id IS NULL;
CREATE UNIQUE INDEX masters_track_style_steering_reference_key ON masters (track_id, style_id, intensity, tone_amount, width_amount, dynamics_amount, reference_id) WHERE reference_id IS NOT NULL;
