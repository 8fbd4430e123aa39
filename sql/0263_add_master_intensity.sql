-- How hard a master's style is driven: low, medium (the style as the catalogue holds it) or high.
-- The same style at two intensities is two masters, so the one-master-per-style key takes the
-- intensity too. A track's unmastered master has no style and so no intensity but the default.
ALTER TABLE masters ADD COLUMN intensity text NOT NULL DEFAULT 'medium' CHECK (intensity IN ('low', 'medium', 'high'));
ALTER TABLE masters ADD CONSTRAINT masters_unmastered_is_medium CHECK (style_id IS NOT NULL OR intensity = 'medium');
DROP INDEX masters_track_style_key;
CREATE UNIQUE INDEX masters_track_style_intensity_key ON masters (track_id, style_id, intensity) WHERE style_id IS NOT NULL;
