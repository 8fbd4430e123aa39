-- The local provider's deliveries run on the platform queue (jobs), one job per step. A delivery
-- still unfinished in the old table continues there at the step it reached (same step names), so
-- an upgrade in the middle of one loses nothing; then the table goes.
INSERT INTO jobs (kind, payload, idempotency_key, max_attempts, backoff_ms, run_after)
SELECT 'releases.deliver-locally',
       jsonb_build_object('albumId', album_id, 'run', 'moved-' || id, 'step', step),
       'releases.deliver-locally:' || album_id || ':moved-' || id || ':' || step,
       5, 1000, now()
FROM distribution_jobs
WHERE state IN ('queued', 'running');

DROP TABLE distribution_jobs;
