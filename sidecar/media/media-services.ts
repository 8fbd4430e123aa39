import type { InternalClient } from '../../src/internal/internal-client.js';
import type { Logger } from '../../src/platform/log.js';
import type { FileStorage } from '../../src/platform/storage/file-storage.js';
import { ChunkProvider } from './chunk-provider.js';
import { EngineClient } from './engine-client.js';
import { FairShare } from './fair-share.js';
import { JobRegistry } from './jobs.js';
import { JobScheduler, type SchedulerLimits } from './job-scheduler.js';
import { Mastering, type JobTimeouts } from './mastering.js';
import { TrackSources } from './track-sources.js';
import { WebDirectory } from './web-directory.js';

const UNLINKED_SWEEP_MS = 5_000;

/** Everything the socket handlers use, built once per sidecar process. */
export interface MediaServices {
  log: Logger;
  storage: FileStorage;
  directory: WebDirectory;
  jobs: JobRegistry;
  sources: TrackSources;
  chunks: ChunkProvider;
  engine: EngineClient;
  mastering: Mastering;
  scheduler: JobScheduler;
  /** Turns of chunk work across users (fair-share.ts). */
  fair: FairShare;
  close(): Promise<void>;
}

export function createMediaServices(options: {
  log: Logger;
  storage: FileStorage;
  internal: InternalClient;
  cacheBytes: number;
  renderWorkers: number;
  timeouts: JobTimeouts;
  jobLimits: SchedulerLimits;
}): MediaServices {
  const { log, storage } = options;
  const directory = new WebDirectory(options.internal);
  const jobs = new JobRegistry();
  const scheduler = new JobScheduler(options.jobLimits);
  // One chunk more than the render workers take at once, one user at most the workers' count: one
  // user keeps the workers busy, another's chunk is next in line.
  const fair = new FairShare(options.renderWorkers + 1, options.renderWorkers);
  const sources = new TrackSources(storage, jobs, log, scheduler);
  const chunks = new ChunkProvider(options.cacheBytes);
  const engine = new EngineClient(options.renderWorkers, options.jobLimits.slots);
  const mastering = new Mastering(storage, jobs, sources, engine, directory, log, options.timeouts, scheduler);
  // Files of removed tracks and masters are deleted by the web process; an open handle here would
  // keep their disk space until restart. Checked often: an fstat per open file is cheap.
  const unlinkedSweep = setInterval(() => {
    void Promise.all([sources.closeUnlinked(), chunks.closeUnlinked()]).then(([tracks, masters]) => {
      if (tracks + masters > 0) log.info({ tracks, masters }, 'closed files of removed tracks and masters');
    });
  }, UNLINKED_SWEEP_MS);
  unlinkedSweep.unref();
  return {
    log,
    storage,
    directory,
    jobs,
    sources,
    chunks,
    engine,
    mastering,
    scheduler,
    fair,
    async close() {
      clearInterval(unlinkedSweep);
      jobs.abortAll();
      await Promise.all([sources.closeAll(), chunks.closeAll(), engine.close()]);
    },
  };
}
