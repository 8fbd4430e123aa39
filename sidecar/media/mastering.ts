import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { decodeForBounce, type BounceProgress, type FittedStyle, type MasterReport, type Preparation, type TrackAnalysis, type WorkFile } from '../engine/index.js';
import type { SteeredFit } from '../engine/steered-master.js';
import { withLocalFile } from '../../src/platform/storage/file-storage.js';
import { PREPARATION_VERSION } from '../engine/preparation-version.js';
import type { Logger } from '../../src/platform/log.js';
import type { FileStorage, LocalFile } from '../../src/platform/storage/file-storage.js';
import { bounceTopic, prepareTopic } from '../../src/modules/streaming/streaming.constants.js';
import { amountsKeyOf, DEFAULT_AMOUNTS, isDefaultAmounts, SOCKET_ERROR_CODES, type Amounts, type Intensity, type TBounceProgress, type TMasterStreamInfo, type TPreparationState, type TTrackAudioInfo } from '../../src/modules/streaming/streaming.schemas.js';
import type { StoredMasterFile } from './chunk-provider.js';
import type { EngineClient } from './engine-client.js';
import type { JobRegistry, Waiter } from './jobs.js';
import { renditionKeyOf } from '../../src/modules/downloads/downloads.constants.js';
import { SAMPLE_RATE } from '../../src/audio-core/constants.js';
import { parseWavHeader } from '../../src/audio-core/wav-header.js';
import { makeRenditions } from './renditions.js';
import { JobWaits, QueuedJobFailedError } from './job-waits.js';
import type { JobEventStream } from './job-event-stream.js';
import type { MediaJob, MediaJobLease, SlotOffer } from './media-job-worker.js';
import { LeaseLostError } from '../../src/platform/queue/lease-lost-error.js';
import { leaseTagOf, removePartialFiles } from './partial-files.js';
import { MissingOriginalError, trackKeys, type TrackSource, type TrackSources } from './track-sources.js';
import type { WebDirectory } from './web-directory.js';


/** A prepared track: the engine's preparation plus what identifies it (cache keys of rendered chunks). */
export interface PreparedTrack {
  trackId: string;
  version: string;
  workFile: WorkFile;
  /** Every enabled style fitted at Medium, and what a later fit needs (the kept analysis). */
  preparation: Preparation;
  /** Styles fitted at the other intensities, each when first asked for (fittedStyle). */
  steered: Map<string, Promise<SteeredFit | null>>;
}

interface StoredPreparation {
  version: string;
  originalMtimeMs: number;
  styleKey: string;
  preparation: Preparation;
}


/** The key of a refusal the web process answered (a rule said no), else the server error. */
const refusalKeyOf = (error: unknown) => (error instanceof Error && /^[a-z]+\.[\w.]+$/i.test(error.message) ? error.message : SOCKET_ERROR_CODES.server);


/** Limits after which a job gives up with binary.creation.timeout. */
/** How long a preparation and a bounce may run (MEDIA_PREPARE_TIMEOUT_S, MEDIA_BOUNCE_TIMEOUT_S). */
export interface JobTimeouts {
  prepareMs: number;
  bounceMs: number;
}

export class JobTimeoutError extends Error {}
export class BounceRefusedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * A master at another rate than the stream's streams from its 16-bit 44.1 kHz download, which is
 * not made yet (its job is queued): not a broken master, nothing to rebuild.
 */
export class RenditionPendingError extends Error {
  constructor(readonly styleId: number) {
    super(`master of style ${styleId}: its 44.1 kHz download is not made yet`);
  }
}

/** A stored master's file failed its check (missing, wrong length or wrong checksum). */
export class MasterFileBrokenError extends Error {
  constructor(
    readonly styleId: number,
    why: string,
  ) {
    super(`master of style ${styleId}: ${why}`);
  }
}

const styleKeyOf = (styles: { id: number; processing: unknown }[]) =>
  createHash('sha256')
    .update(JSON.stringify(styles.map((s) => [s.id, s.processing]).sort((a, b) => Number(a[0]) - Number(b[0]))))
    .digest('hex')
    .slice(0, 16);

function withTimeout(signal: AbortSignal, ms: number): { signal: AbortSignal; timedOut: () => boolean; clear: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The real-time mastering flow: preparation once per track (kept in
 * `tracks/<id>/preparation.json`), preview rendering of any prepared style, and bounces that
 * store a style's 24-bit master and report it to the web process.
 */
interface VerifiedMaster {
  file: StoredMasterFile;
  /** The master's local copy, and the CD rendition's when the stream reads that. */
  locals: LocalFile[];
}

export class Mastering {
  private readonly prepared = new Map<string, PreparedTrack>();
  private readonly verified = new Map<string, Promise<VerifiedMaster>>();
  private readonly backfilling = new Set<string>();
  private readonly waits: JobWaits;
  /** Offers this process's free slot with its asks (set once the worker exists). */
  private offerSlot: () => SlotOffer | null = () => null;

  constructor(
    private readonly storage: FileStorage,
    private readonly jobs: JobRegistry,
    private readonly sources: TrackSources,
    private readonly engine: EngineClient,
    private readonly directory: WebDirectory,
    private readonly log: Logger,
    private readonly timeouts: JobTimeouts,
    events: JobEventStream,
  ) {
    this.waits = new JobWaits(events);
  }

  /** The worker whose free slots go with this process's asks. */
  useWorker(worker: { offer(): SlotOffer | null }): void {
    this.offerSlot = () => worker.offer();
  }

  /**
   * Asks the web process for a job with this process's free slot, if it has one: the job that slot
   * takes (this one, or one before it in the queue's order) starts here without a round trip.
   */
  private async askWithSlot<T extends { claimed?: MediaJob | null }>(ask: (claim: { kinds: SlotOffer['kinds']; leaseMs: number } | undefined) => Promise<T>): Promise<T> {
    const offer = this.offerSlot();
    try {
      const answer = await ask(offer ? { kinds: offer.kinds, leaseMs: offer.leaseMs } : undefined);
      offer?.settle(answer.claimed);
      return answer;
    } catch (error) {
      offer?.settle(null);
      throw error;
    }
  }

  private workFileOf(source: TrackSource): WorkFile {
    return { path: source.workPath, sampleRate: source.info.sampleRate, channels: source.channels, frames: source.frames };
  }

  /** The track's preparation if it exists and is current (same original, same enabled styles), else null. */
  async preparedTrack(source: TrackSource, styleKey?: string): Promise<PreparedTrack | null> {
    const inMemory = this.prepared.get(source.trackId);
    if (inMemory && inMemory.workFile.path === source.workPath && inMemory.version.startsWith(`${source.info.originalMtimeMs}:`)) {
      if (!styleKey || inMemory.version.endsWith(`:${styleKey}`)) return inMemory;
    }
    try {
      const stored = JSON.parse(await text(this.storage.read(trackKeys(source.trackId).preparation))) as StoredPreparation;
      if (stored.originalMtimeMs !== source.info.originalMtimeMs || stored.preparation?.version !== PREPARATION_VERSION) return null;
      // Stored without its excerpt's place (nothing could be fitted from it later): prepared again.
      if (!stored.preparation.excerpt) return null;
      if (styleKey && stored.styleKey !== styleKey) return null;
      const prepared: PreparedTrack = { trackId: source.trackId, version: stored.version, workFile: this.workFileOf(source), preparation: stored.preparation, steered: new Map() };
      this.prepared.set(source.trackId, prepared);
      return prepared;
    } catch {
      return null;
    }
  }

  /**
   * request-mastering: the track's preparation for every enabled style. Answers at once when a
   * current one is stored (by any media process); otherwise it is a `media.prepare` job of the
   * durable queue (joined by every asker on any process, one per user at a time), and its stored
   * result is loaded when it is done. The decode it needs runs here first (streams need it too).
   */
  async prepare(audio: TTrackAudioInfo, waiter: Waiter, onProgress: (state: TPreparationState) => void, fixing = false): Promise<PreparedTrack> {
    const { trackId } = audio;
    const styleKey = styleKeyOf(await this.directory.enabledStyles());
    const queued = (queuePosition?: number) =>
      onProgress({ processed: false, fixing, stage: 'preparing', iteration: 0, progressInPercent: 0, ...(queuePosition === undefined ? {} : { queuePosition }) });
    queued();
    const source = await this.sources.get(audio, waiter);
    const kept = await this.preparedTrack(source, styleKey);
    if (kept) return kept;
    const jobs = this.directory.client.mediaJobs;
    await this.waits.wait(waiter, {
      topic: prepareTopic(trackId),
      enqueue: () => this.askWithSlot((claim) => jobs.enqueuePreparation.mutate({ trackId, version: `${source.info.originalMtimeMs}:${styleKey}`, ...(claim ? { claim } : {}) })),
      ticket: (jobId) => jobs.ticket.query({ jobId, trackId }),
      onProgress: (data) => onProgress({ ...(data as TPreparationState), fixing }),
      onQueued: queued,
      onLeave: (jobId) => void jobs.leavePreparation.mutate({ jobId }).catch(() => undefined),
      refusalOf: refusalKeyOf,
    });
    // Styles switched on or off meanwhile: the job prepared the ones enabled when it ran.
    const prepared = (await this.preparedTrack(source, styleKey)) ?? (await this.preparedTrack(source));
    if (!prepared) throw new QueuedJobFailedError(SOCKET_ERROR_CODES.server);
    return prepared;
  }

  /**
   * A claimed `media.prepare` job: the preparation made here and stored, so any media process can
   * use it (a process without the work file rebuilds it from the original). A failure is final.
   */
  async runPrepare(lease: MediaJobLease): Promise<void> {
    const { trackId } = lease.job.payload as { trackId: string };
    const ids = { jobId: lease.job.id, leaseToken: lease.job.leaseToken, trackId };
    const fail = (error: string) => this.directory.client.mediaJobs.failPrepare.mutate({ ...ids, error });
    this.directory.forgetTrack(trackId);
    const audio = await this.directory.audioInfo(trackId);
    if (!audio) return void (await fail(SOCKET_ERROR_CODES.notFound));
    const jobWaiter = {};
    const leaveOnAbort = () => this.jobs.leave(jobWaiter);
    lease.signal.addEventListener('abort', leaveOnAbort, { once: true });
    try {
      await this.prepareHere(audio, jobWaiter, (state) => lease.progress(state), leaseTagOf(lease.job.leaseToken));
      const { held } = await this.directory.client.mediaJobs.completePrepare.mutate(ids);
      if (!held) this.log.warn({ trackId, jobId: lease.job.id }, 'preparation finished after its lease was lost');
    } catch (error) {
      if (lease.signal.aborted) return;
      if (!(error instanceof JobTimeoutError)) this.log.error({ err: error, trackId }, 'preparation failed');
      await fail(error instanceof JobTimeoutError ? SOCKET_ERROR_CODES.timeout : error instanceof MissingOriginalError ? SOCKET_ERROR_CODES.fileMissing : SOCKET_ERROR_CODES.server);
    } finally {
      lease.signal.removeEventListener('abort', leaveOnAbort);
      this.jobs.leave(jobWaiter);
    }
  }

  /**
   * The preparation, made in this process (a job's own work: a bounce needs it, a `media.prepare`
   * job is it), run once here however many ask. `tag` names the job in its staged file.
   */
  async prepareHere(audio: TTrackAudioInfo, waiter: Waiter, onProgress: (state: TPreparationState) => void, tag?: string): Promise<PreparedTrack> {
    const fixing = false;
    const styles = await this.directory.enabledStyles();
    const styleKey = styleKeyOf(styles);
    const key = `prepare:${audio.trackId}`;
    return this.jobs.join<PreparedTrack, TPreparationState>(
      key,
      waiter,
      async (jobSignal, emit) => {
        // The job itself waits for the decode: aborting the job leaves that decode, which aborts it.
        const jobWaiter = {};
        jobSignal.addEventListener('abort', () => this.jobs.leave(jobWaiter), { once: true });
        let limit: ReturnType<typeof withTimeout> | null = null;
        try {
          emit({ processed: false, fixing, stage: 'preparing', iteration: 0, progressInPercent: 0 });
          // Made only by a claimed job (a preparation, or the bounce that needs it): its decode and
          // its work run in that job's CPU slot, with no wait of their own.
          const source = await this.sources.get(audio, jobWaiter, { inJob: true });
          const kept = await this.preparedTrack(source, styleKey);
          if (kept) return kept;
          // The decode does not count toward the time limit; only the preparation does.
          limit = withTimeout(jobSignal, this.timeouts.prepareMs);
          const started = Date.now();
          const preparation = await this.engine.prepare(this.workFileOf(source), styles, limit.signal, (progress) =>
            emit({ processed: false, fixing, stage: progress.stage, iteration: progress.iteration, progressInPercent: progress.progressInPercent }),
          );
          const version = `${source.info.originalMtimeMs}:${styleKey}`;
          const stored: StoredPreparation = { version, originalMtimeMs: source.info.originalMtimeMs, styleKey, preparation };
          const staged = await this.storage.stage(trackKeys(audio.trackId).preparation, tag ? { tag } : {});
          await writeFile(staged.tempPath, JSON.stringify(stored));
          await staged.commit();
          const prepared: PreparedTrack = { trackId: audio.trackId, version, workFile: this.workFileOf(source), preparation, steered: new Map() };
          this.prepared.set(audio.trackId, prepared);
          this.log.info({ trackId: audio.trackId, styles: styles.length, ms: Date.now() - started }, 'track prepared');
          return prepared;
        } catch (error) {
          if (limit?.timedOut()) throw new JobTimeoutError('preparation took too long');
          throw error;
        } finally {
          limit?.clear();
          this.jobs.leave(jobWaiter);
        }
      },
      onProgress,
    );
  }

  /**
   * The style as fitted at the intensity (Medium: the style as the catalogue holds it, fitted by the
   * preparation). Another intensity is fitted when first asked for, from the preparation's kept
   * analysis (a fraction of a second), then kept beside it: in memory and stored, so a bounce on
   * any media process masters what was heard.
   */
  async fittedStyle(prepared: PreparedTrack, styleId: number, intensity: Intensity = 'medium', amounts: Amounts = DEFAULT_AMOUNTS): Promise<SteeredFit | null> {
    const medium = prepared.preparation.styles.find((style) => style.styleId === styleId) ?? null;
    if (!medium || (intensity === 'medium' && isDefaultAmounts(amounts))) return medium;
    const key = `${styleId}:${intensity}${amountsKeyOf(amounts)}`;
    let fit = prepared.steered.get(key);
    if (!fit) {
      fit = this.steeredFit(prepared, medium, intensity, amounts);
      prepared.steered.set(key, fit);
      // A failed fit is tried again by the next asker.
      fit.catch(() => prepared.steered.delete(key));
    }
    return fit;
  }

  private async steeredFit(prepared: PreparedTrack, medium: SteeredFit, intensity: Intensity, amounts: Amounts): Promise<SteeredFit | null> {
    const storageKey = trackKeys(prepared.trackId).steeredFit(`${prepared.preparation.version}-${prepared.version}`, medium.styleId, `${intensity}${amountsKeyOf(amounts).replace('~', '-')}`);
    const stored = await text(this.storage.read(storageKey)).then((json) => JSON.parse(json) as SteeredFit, () => null);
    if (stored) return stored;
    const style = (await this.directory.enabledStyles()).find((s) => s.id === medium.styleId);
    if (!style) return null;
    const { analysis, excerpt } = prepared.preparation;
    const fitted = await this.engine.refit(`${prepared.trackId}:${medium.styleId}`, prepared.workFile, { analysis, excerpt }, style, medium, intensity, amounts);
    try {
      const staged = await this.storage.stage(storageKey);
      await writeFile(staged.tempPath, JSON.stringify(fitted));
      await staged.commit();
    } catch (error) {
      // Kept in memory all the same; another process fits it again (the same fit) if it needs it.
      this.log.warn({ err: error, trackId: prepared.trackId }, 'steered fit not stored');
    }
    return fitted;
  }

  /** 16-bit PCM of a prepared style's range at an intensity, rendered in a worker thread. */
  render(prepared: PreparedTrack, fitted: FittedStyle, trackId: string, startFrame: number, frameCount: number, intensity: Intensity = 'medium', amounts: Amounts = DEFAULT_AMOUNTS): Promise<Uint8Array> {
    return this.engine.render(`${trackId}:${fitted.styleId}:${intensity}${amountsKeyOf(amounts)}:${prepared.version}`, prepared.workFile, fitted, startFrame, frameCount);
  }

  /**
   * end-mastering: the style's bounce, on the durable queue: put there through the web
   * process (or the one already there joined, whichever media process asked), done by whichever
   * media process claims it, and heard here through the job events. The refusals of the mastering
   * rules come at once; a bounce nobody waits for any more still finishes (its master is stored).
   */
  async bounce(
    audio: TTrackAudioInfo,
    styleId: number,
    waiter: Waiter,
    onProgress: (state: TBounceProgress) => void,
    intensity: Intensity = 'medium',
    amounts: Amounts = DEFAULT_AMOUNTS,
    referenceId: string | null = null,
  ): Promise<{ masterId: string }> {
    const { trackId } = audio;
    const jobs = this.directory.client.mediaJobs;
    const { masterId } = await this.waits.wait(waiter, {
      topic: bounceTopic(trackId, styleId, intensity, amounts, referenceId),
      enqueue: () => this.askWithSlot((claim) => jobs.enqueueBounce.mutate({ trackId, styleId, intensity, amounts, referenceId, ...(claim ? { claim } : {}) })),
      ticket: (jobId) => jobs.ticket.query({ jobId, trackId, styleId, intensity, amounts, referenceId }),
      onProgress: (data) => onProgress(data as TBounceProgress),
      onQueued: (queuePosition) => onProgress({ processed: false, progressInPercent: 0, queuePosition }),
      refusalOf: refusalKeyOf,
    });
    if (!masterId) throw new QueuedJobFailedError(SOCKET_ERROR_CODES.server);
    return { masterId };
  }

  /**
   * A bounce toward the owner's reference track: the reference read from storage and measured,
   * then the style at its intensity steered toward it from the kept analysis (the amounts scaling
   * that move), fitted and bounced in the engine's worker. A reference removed since the bounce was asked for refuses it (not found).
   */
  private async bounceToReference(
    job: { ownerId: string; referenceId: string; styleId: number; intensity: Intensity; amounts: Amounts },
    prepared: PreparedTrack,
    masterWork: WorkFile,
    outPath: string,
    signal: AbortSignal,
    onProgress: (progress: BounceProgress) => void,
  ): Promise<{ report: MasterReport; eq: SteeredFit['eqCurve']; reference: { distanceBeforeDb: number | null; distanceAfterDb: number | null } }> {
    const stored = await this.directory.client.masters.referenceOf.query({ userId: job.ownerId, referenceId: job.referenceId }).catch((error: unknown) => {
      if (refusalKeyOf(error) === 'global.error.notFound') return null;
      throw error;
    });
    const style = (await this.directory.enabledStyles()).find((s) => s.id === job.styleId);
    if (!stored) throw new BounceRefusedError('global.error.notFound');
    if (!style) throw new BounceRefusedError('error.styleNotFound');
    const reference = await withLocalFile(this.storage, stored.path, (local) => this.engine.analyseReference(local, `${outPath}.reference.f32`, signal));
    const report = await this.engine.bounceToReference(
      { workFile: prepared.workFile, masterWork, style, intensity: job.intensity, amounts: job.amounts, analysis: prepared.preparation.analysis, reference, outPath, checkPath: `${outPath}.check.f32` },
      signal,
      onProgress,
    );
    return { report, eq: report.eqCurve, reference: report.reference };
  }

  /** The waiter (a closed socket) stops waiting for its preparations and bounces; the jobs are the queue's. */
  leave(waiter: Waiter): void {
    this.waits.leave(waiter);
  }

  /**
   * A claimed `media.bounce` job: the style's 24-bit master and its downloads, staged under names
   * carrying the lease and moved into place only while the lease is held, then recorded by the web
   * process together with the job's completion. A failure of the work is final and counts an
   * attempt; a lost lease or a stopping process records nothing.
   */
  async runBounce(lease: MediaJobLease): Promise<void> {
    const { trackId, styleId, intensity = 'medium', amounts = DEFAULT_AMOUNTS, referenceId = null } = lease.job.payload as { trackId: string; styleId: number; intensity?: Intensity; amounts?: Amounts; referenceId?: string };
    const ids = { jobId: lease.job.id, leaseToken: lease.job.leaseToken };
    const fail = (error: string, counts: boolean) => this.directory.client.mediaJobs.failBounce.mutate({ ...ids, trackId, styleId, intensity, amounts, referenceId, error, counts });
    this.directory.forgetTrack(trackId);
    const audio = await this.directory.audioInfo(trackId);
    if (!audio) return void (await fail(SOCKET_ERROR_CODES.notFound, false));
    const tag = leaseTagOf(lease.job.leaseToken);
    const key = trackKeys(trackId).master(styleId, intensity, amounts, referenceId);
    // Taken up again: what the process that died under it left half-written goes now, not at the next sweep.
    if (lease.job.attempts > 1) {
      await removePartialFiles(this.storage, { liveLeases: (tokens) => this.directory.client.mediaJobs.liveLeases.query({ tokens }), staleMs: this.timeouts.bounceMs }, path.posix.dirname(key)).catch(
        (error: unknown) => this.log.warn({ err: error, trackId }, 'partial files of an earlier try not swept'),
      );
    }
    const staged = await this.storage.stage(key, { tag });
    const jobWaiter = {};
    const leaveOnAbort = () => this.jobs.leave(jobWaiter);
    lease.signal.addEventListener('abort', leaveOnAbort, { once: true });
    let limit: ReturnType<typeof withTimeout> | null = null;
    try {
      lease.progress({ processed: false, progressInPercent: 0 });
      const prepared = await this.prepareHere(audio, jobWaiter, () => undefined, tag);
      // Toward a reference the style is fitted afresh, steered by it: Medium's kept fit only says the style is there.
      const fitted = referenceId ? await this.fittedStyle(prepared, styleId) : await this.fittedStyle(prepared, styleId, intensity, amounts);
      if (!fitted) throw new BounceRefusedError('error.styleNotFound');
      // The preparation it needed does not count toward the bounce's time limit.
      limit = withTimeout(lease.signal, this.timeouts.bounceMs);
      // The master keeps the source's rate (a 48 or 96 kHz mix gets a 48 or 96 kHz master): the
      // original is decoded at it for the bounce only; preparation and streams stay at the working rate.
      const masterWorkPath = `${staged.tempPath}.master-rate.f32`;
      const signal = limit.signal;
      // (Left behind by a failure, it goes with the staged file's other partial names.)
      const masterWork = (await withLocalFile(this.storage, audio.path, (original) => decodeForBounce(original, prepared.workFile, audio.sampleRate, masterWorkPath, signal))) ?? prepared.workFile;
      // 99 % at most: the bar reaches its end only when the master is recorded and playable.
      const onProgress = (progress: BounceProgress) =>
        lease.progress({ processed: false, progressInPercent: progress.stage === 'finalizing' ? 99 : Math.min(99, progress.progressInPercent) });
      const { report, eq, reference } = referenceId
        ? await this.bounceToReference({ ownerId: audio.ownerId, referenceId, styleId, intensity, amounts }, prepared, masterWork, staged.tempPath, signal, onProgress)
        : { report: await this.engine.bounce(masterWork, fitted, staged.tempPath, signal, onProgress), eq: fitted.eqCurve, reference: undefined };
      if (masterWork !== prepared.workFile) await rm(masterWork.path, { force: true });
      // Another process holds the job now: its file is the one that goes into place.
      if (!(await lease.renew())) throw new LeaseLostError(lease.job.id);
      await staged.commit();
      // The master is ready now: recorded with the job's completion, which chains its downloads
      // (MP3, 16-bit) as a job of their own, made from the stored master while the user listens.
      const masterBytes = (await this.storage.size(key)) ?? 0;
      const recorded = await this.directory.client.mediaJobs.completeBounce.mutate({
        ...ids,
        master: {
          trackId,
          styleId,
          intensity,
          amounts,
          ...(referenceId ? { referenceId } : {}),
          path: key,
          checksum: report.sha256,
          measurements: {
            ...masterMeasurementsOf(report, prepared.preparation.analysis, eq),
            ...(reference ? { reference } : {}),
          },
          waveform: report.waveform,
          // The master and its downloads (made next) count toward the owner's storage quota.
          fileBytes: masterBytes + renditionBytesOf(report.frames, report.sampleRate, report.channels),
        },
      });
      if (!recorded) this.log.warn({ trackId, styleId, jobId: lease.job.id }, 'bounce finished after its lease was lost: not recorded');
      this.directory.forgetTrack(trackId);
    } catch (error) {
      await this.discardPartial(staged.tempPath);
      // Lost lease or stopping process: the job is someone else's now, or goes back to the queue.
      if (error instanceof LeaseLostError || (lease.signal.aborted && !limit?.timedOut())) return;
      if (error instanceof BounceRefusedError) return void (await fail(error.code, false));
      if (!limit?.timedOut()) this.log.error({ err: error, trackId, styleId }, 'bounce failed');
      await fail(limit?.timedOut() ? SOCKET_ERROR_CODES.timeout : SOCKET_ERROR_CODES.server, true);
    } finally {
      lease.signal.removeEventListener('abort', leaveOnAbort);
      limit?.clear();
      this.jobs.leave(jobWaiter);
    }
  }

  private async discardPartial(tempPath: string): Promise<void> {
    const dir = path.dirname(tempPath);
    const base = path.basename(tempPath);
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => name.startsWith(base)).map((name) => rm(path.join(dir, name), { force: true })));
  }

  /**
   * A stored master's file as streamed: its data chunk located, its length and (once per file
   * version) its sha256 checked against what the bounce recorded.
   */
  async storedMaster(master: TMasterStreamInfo, expectedFrames: number): Promise<StoredMasterFile> {
    if (!master.path || !master.checksum) throw new MasterFileBrokenError(master.styleId, 'no file recorded');
    // The full check (sha256) runs once per file version; a changed size or mtime is a new version.
    const info = await this.storage.stat(master.path);
    if (!info) throw new MasterFileBrokenError(master.styleId, 'file missing');
    const cacheKey = `${master.path}:${master.checksum}:${info.size}:${info.modifiedMs}`;
    let checked = this.verified.get(cacheKey);
    if (!checked) {
      checked = this.openVerified(master.path, master.styleId, master.checksum, expectedFrames, `${info.size}:${info.modifiedMs}`);
      this.verified.set(cacheKey, checked);
      checked.then(
        () => this.backfillRenditions(master.path!, master.masterId),
        (error: unknown) => {
          this.verified.delete(cacheKey);
          if (error instanceof RenditionPendingError) this.backfillRenditions(master.path!, master.masterId);
        },
      );
      if (this.verified.size > 1000) this.dropVerified(this.verified.keys().next().value!);
    }
    return checked.then(({ file }) => file);
  }

  /**
   * The master's local copy stays held while its check is remembered: streams read it by path
   * (on the disk driver that is the stored file itself and holding costs nothing).
   */
  private async openVerified(key: string, styleId: number, checksum: string, expectedFrames: number, version: string): Promise<VerifiedMaster> {
    const local = await this.storage.openLocal(key).catch(() => {
      throw new MasterFileBrokenError(styleId, 'file missing');
    });
    const locals = [local];
    try {
      const master = await this.verify(local.path, styleId, checksum, version);
      if (master.sampleRate === SAMPLE_RATE) {
        if (master.file.frames !== expectedFrames) throw new MasterFileBrokenError(styleId, `wrong length (${master.file.frames} frames, ${expectedFrames} expected)`);
        return { file: master.file, locals };
      }
      // The stream plays at the working rate: a 48 or 96 kHz master is heard through its CD rendition.
      const rendition = await this.storage.openLocal(renditionKeyOf(key, 1)).catch(() => {
        throw new RenditionPendingError(styleId);
      });
      locals.push(rendition);
      const sixteen = await wavDataOf(rendition.path, styleId);
      if (sixteen.bits !== 16 || sixteen.sampleRate !== SAMPLE_RATE || sixteen.channels !== master.file.channels || sixteen.frames !== expectedFrames) {
        throw new MasterFileBrokenError(styleId, `16-bit download does not match the stream (${sixteen.frames} frames at ${sixteen.sampleRate} Hz, ${expectedFrames} expected)`);
      }
      return { file: { ...master.file, path: rendition.path, bits: 16, dataOffset: sixteen.dataOffset, frames: sixteen.frames }, locals };
    } catch (error) {
      for (const held of locals) held.release();
      throw error;
    }
  }

  private dropVerified(cacheKey: string): void {
    const entry = this.verified.get(cacheKey);
    this.verified.delete(cacheKey);
    void entry?.then(({ locals }) => locals.forEach((local) => local.release()), () => undefined);
  }

  /** The 24-bit master's data chunk and rate, its sha256 checked against what the bounce recorded. */
  private async verify(filePath: string, styleId: number, checksum: string, version: string): Promise<{ file: StoredMasterFile; sampleRate: number }> {
    const { dataOffset, channels, bits, frames, sampleRate } = await wavDataOf(filePath, styleId);
    if (bits !== 24) throw new MasterFileBrokenError(styleId, 'no 24-bit data chunk');
    const hash = createHash('sha256');
    for await (const piece of createReadStream(filePath)) hash.update(piece as Buffer);
    if (hash.digest('hex') !== checksum) throw new MasterFileBrokenError(styleId, 'wrong checksum');
    return { file: { path: filePath, bits: 24, checksum, version, dataOffset, channels, frames }, sampleRate };
  }

  /**
   * A master bounced before the media process made its downloads gets them when it is next played
   * (its page opens the stream): a `media.renditions` job of the durable queue, done by any media
   * process; the download answers binary.s3File.missing until then.
   */
  private backfillRenditions(masterKey: string, masterId: string): void {
    if (this.backfilling.has(masterKey)) return;
    this.backfilling.add(masterKey);
    void (async () => {
      const sizes = await Promise.all([this.storage.size(renditionKeyOf(masterKey, 0)), this.storage.size(renditionKeyOf(masterKey, 1))]);
      if (sizes.some((size) => size === null)) await this.directory.client.mediaJobs.enqueueRenditions.mutate({ masterId });
    })()
      .catch((error: unknown) => this.log.warn({ err: error, masterKey }, 'renditions not queued'))
      .finally(() => this.backfilling.delete(masterKey));
  }

  /**
   * A claimed `media.renditions` job (chained to its bounce, or asked for by a download or a play of
   * an older master): the master's missing downloads, both at once, staged under the lease's name.
   * A failed try is retried later.
   */
  async runRenditions(lease: MediaJobLease): Promise<void> {
    const { masterKey } = lease.job.payload as { masterKey: string };
    const ids = { jobId: lease.job.id, leaseToken: lease.job.leaseToken };
    try {
      const sizes = await Promise.all([this.storage.size(renditionKeyOf(masterKey, 0)), this.storage.size(renditionKeyOf(masterKey, 1))]);
      if (sizes.some((size) => size === null)) {
        const started = Date.now();
        const made = await makeRenditions(this.storage, masterKey, {
          signal: lease.signal,
          tag: leaseTagOf(lease.job.leaseToken),
          dither16: (master, out, signal) => this.engine.dither16(master, out, signal),
        });
        this.log.info({ masterKey, ms: Date.now() - started, mp3Encodes: made.mp3Encodes }, 'downloads made');
      }
      await this.directory.client.mediaJobs.complete.mutate(ids);
    } catch (error) {
      if (lease.signal.aborted) return;
      this.log.warn({ err: error, masterKey }, 'renditions not made; tried again later');
      await this.directory.client.mediaJobs.retry.mutate({ ...ids, error: error instanceof Error ? error.message : String(error) });
    }
  }

  forgetTrack(trackId: string): void {
    this.prepared.delete(trackId);
  }
}

/**
 * What the downloads of a master add to the quota, known before they are made: the 16-bit WAV
 * (44.1 kHz whatever the master's rate, a 44-byte header) and the constant 192 kbps MP3 (its
 * frames and tag). `frames` and `sampleRate` are the master's own.
 */
export function renditionBytesOf(frames: number, sampleRate: number, channels: number): number {
  const seconds = frames / sampleRate;
  return 44 + Math.ceil(seconds * 44_100) * channels * 2 + Math.ceil((seconds * 192_000) / 8) + 4_096;
}

/** A stored PCM WAV's data chunk (whole, inside the file) and format, read by the audio core's one parser. */
async function wavDataOf(filePath: string, styleId: number): Promise<{ dataOffset: number; channels: number; bits: number; frames: number; sampleRate: number }> {
  const info = await stat(filePath).catch(() => null);
  if (!info) throw new MasterFileBrokenError(styleId, 'file missing');
  const handle = await open(filePath, 'r');
  const head = Buffer.alloc(Math.min(4096, info.size));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const parsed = parseWavHeader(head, { fileSize: info.size });
  if (parsed.status !== 'ok') throw new MasterFileBrokenError(styleId, parsed.status === 'incomplete' ? 'no PCM data chunk' : parsed.reason);
  const { dataOffset, channels, bitsPerSample: bits, frames, sampleRate } = parsed.format;
  return { dataOffset, channels, bits, frames, sampleRate };
}

/** The original's figures as preparation measured them (null: digital silence). */
export const originalFiguresOf = (analysis: TrackAnalysis) => ({ lufs: analysis.lufs, lra: analysis.lra, truePeak: analysis.truePeak, crest: analysis.crest });

/**
 * The figures the web process records of a bounced master, the same for a single bounce and an
 * album's track: the report's loudness and dynamics (the target is the steered style's, as the report
 * card compares against), and the original's figures and the EQ change shown beside them.
 */
export function masterMeasurementsOf(report: MasterReport, analysis: TrackAnalysis, eq: SteeredFit['eqCurve']) {
  return {
    lufs: report.lufs ?? -70,
    truePeak: report.truePeak ?? -70,
    lra: report.lra,
    frames: report.frames,
    channels: report.channels,
    sampleRate: report.sampleRate,
    crest: report.crest,
    targetLufs: report.targetLufs,
    heldBackLu: report.heldBackLu,
    keptMixLoudness: report.keptMixLoudness,
    mixAboveTarget: report.mixAboveTarget,
    oversRemovedDb: report.oversRemovedDb,
    limiterP95Db: report.limiterP95Db,
    compressionDb: report.compressionDb,
    preGainDb: report.preGainDb,
    trimDb: report.trimDb,
    original: originalFiguresOf(analysis),
    eq,
  };
}
