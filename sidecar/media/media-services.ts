import type { InternalClient } from '../../src/internal/internal-client.js';
import { albumTopic, bounceTopic, codecsTopic, MEDIA_JOB_KINDS, prepareTopic } from '../../src/modules/streaming/streaming.constants.js';
import type { Amounts } from '../../src/modules/streaming/streaming.schemas.js';
import type { Logger } from '../../src/platform/log.js';
import type { FileStorage } from '../../src/platform/storage/file-storage.js';
import { ChunkProvider } from './chunk-provider.js';
import { EngineClient } from './engine-client.js';
import { CpuSlots } from './cpu-slots.js';
import { LiveShare } from './live-share.js';
import { JobEventStream } from './job-event-stream.js';
import { JobRegistry } from './jobs.js';
import { MediaJobWorker } from './media-job-worker.js';
import { removePartialFiles } from './partial-files.js';
import { Mastering, type JobTimeouts } from './mastering.js';
import { AlbumMastering } from './album-mastering.js';
import { CodecChecks } from './codec-check.js';
import { TrackSources } from './track-sources.js';
import { WebDirectory } from './web-directory.js';

const UNLINKED_SWEEP_MS = 5_000;
const PARTIAL_SWEEP_MS = 10 * 60_000;
/** Decodes of one owner's tracks that players wait for at once (charged to the track's owner). */
const DECODES_PER_USER = 2;

/** A bounce's progress goes out on the topic its waiters hear: the style's at its intensity, amounts and reference. */
const bounceTopicOf = (payload: unknown) => {
  const { trackId, styleId, intensity, amounts, referenceId } = payload as { trackId: string; styleId: number; intensity?: string; amounts?: Amounts; referenceId?: string };
  return bounceTopic(trackId, styleId, intensity, amounts, referenceId);
};

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
  /** The process's CPU slots, shared by claimed jobs and the decodes players wait for. */
  cpu: CpuSlots;
  /** Turns of chunk work across users (live-share.ts). */
  liveChunks: LiveShare;
  events: JobEventStream;
  worker: MediaJobWorker;
  /** Stops claiming and hands running jobs back to the queue (a graceful stop; a killed process just stops renewing). */
  close(): Promise<void>;
}

export function createMediaServices(options: {
  log: Logger;
  storage: FileStorage;
  internal: InternalClient;
  /** Where the job events stream from: the web process's internal port. */
  internalEndpoint: { host?: string; port: number; secret: string };
  cacheBytes: number;
  /** MEDIA_JOB_LEASE_S in ms. */
  leaseMs: number;
  renderWorkers: number;
  timeouts: JobTimeouts;
  /** MEDIA_JOB_SLOTS: jobs and player decodes running at once. */
  jobSlots: number;
}): MediaServices {
  const { log, storage } = options;
  const directory = new WebDirectory(options.internal);
  const jobs = new JobRegistry();
  const cpu = new CpuSlots(options.jobSlots);
  // One chunk more than the render workers take at once, one user at most the workers' count: one
  // user keeps the workers busy, another's chunk is next in line.
  const liveChunks = new LiveShare(options.renderWorkers + 1, options.renderWorkers);
  // At most as many decodes wait for a CPU slot as there are slots, two of one user's tracks at once.
  const sources = new TrackSources(storage, jobs, log, cpu, new LiveShare(options.jobSlots, DECODES_PER_USER));
  const chunks = new ChunkProvider(options.cacheBytes);
  const engine = new EngineClient(options.renderWorkers, options.jobSlots);
  const events = new JobEventStream(options.internalEndpoint, log);
  const mastering = new Mastering(storage, jobs, sources, engine, directory, log, options.timeouts, events);
  const albums = new AlbumMastering({ storage, engine, directory, mastering, jobs, log, timeouts: options.timeouts });
  const codecChecks = new CodecChecks({ storage, engine, directory, log });
  const worker = new MediaJobWorker(options.internal, events, log, {
    cpu,
    leaseMs: options.leaseMs,
    handlers: {
      [MEDIA_JOB_KINDS.bounce]: { topic: bounceTopicOf, run: (lease) => mastering.runBounce(lease) },
      [MEDIA_JOB_KINDS.prepare]: { topic: (payload) => prepareTopic((payload as { trackId: string }).trackId), run: (lease) => mastering.runPrepare(lease) },
      [MEDIA_JOB_KINDS.renditions]: { topic: () => 'renditions', run: (lease) => mastering.runRenditions(lease) },
      [MEDIA_JOB_KINDS.album]: { topic: (payload) => albumTopic((payload as { albumId: string }).albumId), run: (lease) => albums.run(lease) },
      [MEDIA_JOB_KINDS.codecs]: { topic: (payload) => codecsTopic((payload as { masterId: string }).masterId), run: (lease) => codecChecks.run(lease) },
    },
  });
  mastering.useWorker(worker);
  // Half-written files of media processes that died: at start, once their leases have surely run
  // out, then now and then (any process may have died since).
  const sweep = () =>
    removePartialFiles(storage, { liveLeases: (tokens) => options.internal.mediaJobs.liveLeases.query({ tokens }), staleMs: 2 * options.leaseMs })
      .then((removed) => removed > 0 && log.warn({ files: removed }, 'removed half-written files of stopped media processes'))
      .catch((error: unknown) => log.warn({ err: error }, 'partial files not swept'));
  void sweep();
  const firstSweep = setTimeout(() => void sweep(), 2 * options.leaseMs + 1_000);
  firstSweep.unref();
  const laterSweeps = setInterval(() => void sweep(), PARTIAL_SWEEP_MS);
  laterSweeps.unref();
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
    cpu,
    liveChunks,
    events,
    worker,
    async close() {
      clearInterval(unlinkedSweep);
      clearTimeout(firstSweep);
      clearInterval(laterSweeps);
      await worker.stop();
      events.close();
      jobs.abortAll();
      await Promise.all([sources.closeAll(), chunks.closeAll(), engine.close()]);
    },
  };
}
