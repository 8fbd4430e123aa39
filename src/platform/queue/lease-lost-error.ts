/**
 * A job's lease ran out or was taken by another worker: whatever this worker still holds of the
 * job must not be moved into place or recorded. One class for the web's workers and the media
 * processes (this file imports nothing, so the media process may load it).
 */
export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`job ${jobId}: lease lost (it expired and the job may run elsewhere)`);
  }
}
