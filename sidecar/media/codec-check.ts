import type { Logger } from '../../src/platform/log.js';
import { StorageKeyMissingError, withLocalFile, type FileStorage } from '../../src/platform/storage/file-storage.js';
import { codecRoundTrip } from './codec-round-trip.js';
import type { EngineClient } from './engine-client.js';
import type { MediaJobLease } from './media-job-worker.js';
import { leaseTagOf } from './partial-files.js';
import type { WebDirectory } from './web-directory.js';

/** The error keys a failed check reports to its owner. */
const MASTER_MISSING = 'binary.s3File.missing';
const CHECK_FAILED = 'codecs.failed';

/**
 * A claimed `media.codecs` job: the stored master through the stores' codecs and back
 * (codecRoundTrip), the figures recorded by the web process with the job's completion, which keeps
 * them only while the master is still the file measured. The encoded and decoded files are named
 * after a staged name that carries the lease (beside the master, never committed): each is removed
 * as its codec is done, also on failure or abort, and what a killed process leaves goes with the
 * sweep of half-written files once its lease has run out. A failure of the work is final; a lost
 * lease or a stopping process records nothing (the job is someone else's, or back in line).
 */
export class CodecChecks {
  constructor(
    private readonly deps: {
      storage: FileStorage;
      engine: EngineClient;
      directory: WebDirectory;
      log: Logger;
    },
  ) {}

  async run(lease: MediaJobLease): Promise<void> {
    const { masterId, masterKey, checksum } = lease.job.payload as { masterId: string; masterKey: string; checksum: string };
    const mediaJobs = this.deps.directory.client.mediaJobs;
    const ids = { jobId: lease.job.id, leaseToken: lease.job.leaseToken };
    const staged = await this.deps.storage.stage(`${masterKey}.codecs`, { tag: leaseTagOf(lease.job.leaseToken) });
    try {
      const started = Date.now();
      const codecs = await withLocalFile(this.deps.storage, masterKey, (master) =>
        codecRoundTrip(master, staged.tempPath, { signal: lease.signal, measure: (workFile) => this.deps.engine.measure(workFile, lease.signal) }),
      );
      const recorded = await mediaJobs.completeCodecs.mutate({ ...ids, masterId, checksum, codecs });
      if (!recorded.held) this.deps.log.warn({ masterId, jobId: lease.job.id }, 'codec check finished after its lease was lost: not recorded');
      else this.deps.log.info({ masterId, ms: Date.now() - started, stored: recorded.stored, codecs }, 'codec check done');
    } catch (error) {
      if (lease.signal.aborted) return;
      this.deps.log.warn({ err: error, masterId }, 'codec check failed');
      await mediaJobs.failCodecs.mutate({ ...ids, masterId, error: error instanceof StorageKeyMissingError ? MASTER_MISSING : CHECK_FAILED });
    } finally {
      await staged.discard();
    }
  }
}
