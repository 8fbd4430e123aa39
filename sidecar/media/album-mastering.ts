import { rm } from 'node:fs/promises';
import { decodeForBounce, type WorkFile } from '../engine/index.js';
import type { SteeredFit } from '../engine/steered-master.js';
import type { MasterReport } from '../engine/bounce.js';
import { albumTargets, anchorOf } from '../engine/steered-master.js';
import { styleAtIntensity, styleWithTarget } from '../engine/steer.js';
import type { TAlbumMastered, TAlbumPlan } from '../../src/modules/albums/albums.schemas.js';
import { SOCKET_ERROR_CODES, type Intensity, type TRecordMasteredInput, type TTrackAudioInfo } from '../../src/modules/streaming/streaming.schemas.js';
import type { Logger } from '../../src/platform/log.js';
import { withLocalFile, type FileStorage } from '../../src/platform/storage/file-storage.js';
import { LeaseLostError } from '../../src/platform/queue/lease-lost-error.js';
import type { TEngineStyle } from '../../src/modules/catalogue/catalogue.schemas.js';
import type { EngineClient } from './engine-client.js';
import type { JobRegistry } from './jobs.js';
import { masterMeasurementsOf, renditionBytesOf, type JobTimeouts, type Mastering, type PreparedTrack } from './mastering.js';
import type { MediaJobLease } from './media-job-worker.js';
import { leaseTagOf } from './partial-files.js';
import { trackKeys } from './track-sources.js';
import type { WebDirectory } from './web-directory.js';

class AlbumRefusedError extends Error {}

type PreparedFit = SteeredFit;

interface AlbumTrackWork {
  position: number;
  audio: TTrackAudioInfo;
  prepared: PreparedTrack;
  /** LUFS of the mix as heard (a mono mix counted as stereo, as it is mastered). */
  mixLufs: number;
}

interface BouncedAlbumTrack {
  work: AlbumTrackWork;
  targetLufs: number;
  fitted: PreparedFit;
  report: MasterReport;
  key: string;
  staged: { tempPath: string; commit(): Promise<void> };
}

const heardLufs = (analysis: { lufs: number | null; channels: number }) => (analysis.lufs ?? -Infinity) + (analysis.channels === 1 ? 10 * Math.log10(2) : 0);

/**
 * A claimed `media.album` job: the engine's album rule (docs/engine.md, Album) over the product's
 * preparations. The loudest mix (the anchor) is bounced at the intensity exactly as its single
 * master would be; every other track is fitted again aimed at the anchor's master level less its
 * distance to the anchor in the mixes, so the mixes' spread survives. Each master is the track's
 * master of the album's style and intensity. All files are staged under the lease's name and moved
 * into place together only while the lease is held, then recorded with the job's completion.
 */
export class AlbumMastering {
  constructor(
    private readonly deps: {
      storage: FileStorage;
      engine: EngineClient;
      directory: WebDirectory;
      mastering: Mastering;
      jobs: JobRegistry;
      log: Logger;
      timeouts: JobTimeouts;
    },
  ) {}

  async run(lease: MediaJobLease): Promise<void> {
    const { albumId } = lease.job.payload as { albumId: string };
    const mediaJobs = this.deps.directory.client.mediaJobs;
    const ids = { jobId: lease.job.id, leaseToken: lease.job.leaseToken };
    const fail = (error: string) => mediaJobs.failAlbum.mutate({ ...ids, albumId, error });
    const waiter = {};
    const staged: BouncedAlbumTrack['staged'][] = [];
    // The album may take as long as a bounce per track, waiting in line not counted.
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const plan = await mediaJobs.beginAlbum.mutate({ albumId });
      if (!plan) return void (await fail(SOCKET_ERROR_CODES.notFound));
      const style = await this.deps.directory.styleById(plan.styleId);
      if (!style) throw new AlbumRefusedError('error.styleNotFound');
      const works = await this.prepareAll(plan, waiter, lease);
      const controller = new AbortController();
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.deps.timeouts.bounceMs * works.length);
      const signal = AbortSignal.any([lease.signal, controller.signal]);
      const bounced = await this.bounceAll(plan, style, works, lease, signal, staged);
      if (!(await lease.renew())) throw new LeaseLostError(lease.job.id);
      for (const file of staged) await file.commit();
      const result = await mediaJobs.completeAlbum.mutate({ ...ids, ...(await this.resultOf(plan, bounced)) });
      if (!result.held) this.deps.log.warn({ albumId, jobId: lease.job.id }, 'album finished after its lease was lost: not recorded');
      for (const work of works) this.deps.directory.forgetTrack(work.audio.trackId);
    } catch (error) {
      await Promise.all(staged.map((file) => rm(file.tempPath, { force: true })));
      if (error instanceof LeaseLostError || (lease.signal.aborted && !timedOut)) return;
      if (error instanceof AlbumRefusedError) return void (await fail(error.message));
      if (!timedOut) this.deps.log.error({ err: error, albumId }, 'album failed');
      await fail(timedOut ? SOCKET_ERROR_CODES.timeout : SOCKET_ERROR_CODES.server);
    } finally {
      clearTimeout(timer);
      this.deps.jobs.leave(waiter);
    }
  }

  /** Every track decoded and prepared (the stored preparation when there is one): its mix measured. */
  private async prepareAll(plan: TAlbumPlan, waiter: object, lease: MediaJobLease): Promise<AlbumTrackWork[]> {
    const works: AlbumTrackWork[] = [];
    for (const [i, track] of plan.tracks.entries()) {
      this.deps.directory.forgetTrack(track.trackId);
      const audio = await this.deps.directory.audioInfo(track.trackId);
      if (!audio || audio.ownerId !== plan.ownerId) throw new AlbumRefusedError(SOCKET_ERROR_CODES.notFound);
      const prepared = await this.deps.mastering.prepareHere(audio, waiter, (state) => lease.progress({ processed: false, progressInPercent: Math.floor(((i + state.progressInPercent / 100) / plan.tracks.length) * 40) }), leaseTagOf(lease.job.leaseToken));
      works.push({ position: track.position, audio, prepared, mixLufs: heardLufs(prepared.preparation.analysis) });
    }
    return works;
  }

  /** The anchor first, at the intensity as fitted by its preparation; then the others aimed from what it reached. */
  private async bounceAll(plan: TAlbumPlan, style: TEngineStyle, works: AlbumTrackWork[], lease: MediaJobLease, signal: AbortSignal, staged: BouncedAlbumTrack['staged'][]): Promise<BouncedAlbumTrack[]> {
    const mixLufs = works.map((w) => w.mixLufs);
    const anchor = anchorOf(mixLufs);
    const progressOf = (done: number) => (progress: { progressInPercent: number }) =>
      lease.progress({ processed: false, progressInPercent: Math.min(99, 40 + Math.floor(((done + progress.progressInPercent / 100) / works.length) * 60)) });
    const anchorFit = await this.deps.mastering.fittedStyle(works[anchor]!.prepared, plan.styleId, plan.intensity);
    if (!anchorFit) throw new AlbumRefusedError('error.styleNotFound');
    const bounced: BouncedAlbumTrack[] = new Array(works.length);
    bounced[anchor] = await this.bounceOne(plan, works[anchor]!, anchorFit, anchorFit.targetLufs, lease, signal, staged, progressOf(0));
    const anchorLevel = bounced[anchor].report.lufs ?? anchorFit.effectiveTargetLufs;
    const { targets } = albumTargets(mixLufs, anchorLevel);
    // Low and High move the style beyond its target (tone, budget, compression); each track keeps those moves.
    const steered = styleAtIntensity(style, plan.intensity);
    let done = 1;
    for (const [i, work] of works.entries()) {
      if (i === anchor) continue;
      const aimed = styleWithTarget(steered, targets[i]!);
      const preparation = await this.deps.engine.prepare(work.prepared.workFile, [aimed], signal, () => undefined);
      bounced[i] = await this.bounceOne(plan, work, preparation.styles[0]!, aimed.processing.targetLufs, lease, signal, staged, progressOf(done));
      done++;
    }
    return bounced;
  }

  private async bounceOne(
    plan: TAlbumPlan,
    work: AlbumTrackWork,
    fitted: PreparedFit,
    targetLufs: number,
    lease: MediaJobLease,
    signal: AbortSignal,
    staged: BouncedAlbumTrack['staged'][],
    onProgress: (progress: { progressInPercent: number }) => void,
  ): Promise<BouncedAlbumTrack> {
    const key = trackKeys(work.audio.trackId).master(plan.styleId, plan.intensity);
    const file = await this.deps.storage.stage(key, { tag: leaseTagOf(lease.job.leaseToken) });
    staged.push(file);
    const workFile: WorkFile = work.prepared.workFile;
    // Each master at its own source's rate, as a single master is.
    const masterWorkPath = `${file.tempPath}.master-rate.f32`;
    const masterWork = (await withLocalFile(this.deps.storage, work.audio.path, (original) => decodeForBounce(original, workFile, work.audio.sampleRate, masterWorkPath, signal))) ?? workFile;
    const report = await this.deps.engine.bounce(masterWork, fitted, file.tempPath, signal, onProgress);
    if (masterWork !== workFile) await rm(masterWork.path, { force: true });
    return { work, targetLufs, fitted, report, key, staged: file };
  }

  private async resultOf(plan: TAlbumPlan, bounced: BouncedAlbumTrack[]): Promise<TAlbumMastered> {
    const tracks = [];
    for (const b of bounced) {
      const masterBytes = (await this.deps.storage.size(b.key)) ?? 0;
      tracks.push({ position: b.work.position, mixLufs: Number.isFinite(b.work.mixLufs) ? b.work.mixLufs : null, targetLufs: b.targetLufs, master: masterOf(plan.styleId, plan.intensity, b, masterBytes) });
    }
    return { albumId: plan.albumId, tracks };
  }
}

/** What the web process records of an album track's master: the same figures as a single bounce's. */
function masterOf(styleId: number, intensity: Intensity, b: BouncedAlbumTrack, masterBytes: number): TRecordMasteredInput {
  const { report } = b;
  return {
    trackId: b.work.audio.trackId,
    styleId,
    intensity,
    path: b.key,
    checksum: report.sha256,
    measurements: masterMeasurementsOf(report, b.work.prepared.preparation.analysis, b.fitted.eqCurve),
    waveform: report.waveform,
    fileBytes: masterBytes + renditionBytesOf(report.frames, report.sampleRate, report.channels),
  };
}
