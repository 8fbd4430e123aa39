-- Where an uploaded WAV's samples are, found once by the upload's header check, so the media
-- sidecar can stream and decode without parsing the header again.
ALTER TABLE tracks ADD COLUMN data_offset bigint CHECK (data_offset >= 0);
ALTER TABLE tracks ADD COLUMN data_bytes bigint CHECK (data_bytes > 0);
ALTER TABLE tracks ADD CONSTRAINT tracks_data_layout_complete CHECK ((path IS NULL) = (data_offset IS NULL) AND (path IS NULL) = (data_bytes IS NULL));
