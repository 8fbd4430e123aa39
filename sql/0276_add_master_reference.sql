-- A master made toward one of the owner's reference tracks (sql/0275) is a master of its own: the
-- reference joins track, style and intensity in its key. Not a foreign key: removing a reference
-- keeps the masters made toward it (they are the owner's masters; the id only tells them apart,
-- and a new reference never gets a removed one's id).
ALTER TABLE masters ADD COLUMN reference_id uuid;
ALTER TABLE masters ADD CONSTRAINT masters_unmastered_has_no_reference CHECK (style_id IS NOT NULL OR reference_id IS NULL);
DROP INDEX masters_track_style_intensity_key;
CREATE UNIQUE INDEX masters_track_style_intensity_key ON masters (track_id, style_id, intensity) WHERE style_id IS NOT NULL AND reference_id IS NULL;
CREATE UNIQUE INDEX masters_track_style_intensity_reference_key ON masters (track_id, style_id, intensity, reference_id) WHERE reference_id IS NOT NULL;
