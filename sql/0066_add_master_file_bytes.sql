-- Bytes a master keeps on disk: its 24-bit WAV and both downloads (16-bit WAV, MP3). The storage
-- quota (STORAGE_QUOTA_MB) counts them with the originals; a master is 2.5 times its 16-bit
-- original and every style may have one, so counting originals alone bounded little.
ALTER TABLE masters ADD COLUMN file_bytes bigint NOT NULL DEFAULT 0 CHECK (file_bytes >= 0);

-- Masters bounced before this column: estimated from their measured length (44.1 kHz stereo,
-- 3 + 2 bytes a sample for the two WAVs, 24,000 bytes a second of MP3), as the bounce check does.
UPDATE masters
SET file_bytes = ((measurements ->> 'frames')::bigint * 2 * 5) + ((measurements ->> 'frames')::bigint * 24000 / 44100)
WHERE path IS NOT NULL AND measurements ? 'frames';
