-- The mastered waveform (finalizing): 512 peaks in 0..1 of the bounced master, measured
-- from the written file. Its own column, not part of `measurements`, because the masters lists and
-- the report card carry measurements to the browser and have no use for 512 numbers per row; only
-- the media sidecar's `meta` sends it.
ALTER TABLE masters ADD COLUMN waveform jsonb CHECK (waveform IS NULL OR jsonb_typeof(waveform) = 'array');
