import { bounce, prepareTrack, type BounceProgress, type MasterReport, type PreparationProgress, type TrackAnalysis, type WorkFile } from '../engine/index.js';
import { masterDistanceDb } from '../engine/referenced-master.js';
import { styleTowardReference, thirdOctaveSpectrum, tonalDistanceDb, type ReferenceAnalysis } from '../engine/reference.js';
import { styleAtIntensity, type Amounts } from '../engine/steer.js';
import type { SteeredFit } from '../engine/steered-master.js';
import type { EngineStyle } from '../engine/style.js';
import type { Intensity } from '../../src/modules/streaming/streaming.schemas.js';

export interface ReferenceBounceJob {
  /** The track's work file at the working rate (the preparation's): the spectrum and the fit read it. */
  workFile: WorkFile;
  /** What the bounce renders: the original at its own rate, or the work file. */
  masterWork: WorkFile;
  style: EngineStyle;
  intensity: Intensity;
  /** How far each part of the move toward the reference is taken (percent). */
  amounts: Amounts;
  /** The kept preparation's analysis of the mix. */
  analysis: TrackAnalysis;
  reference: ReferenceAnalysis;
  outPath: string;
  /** Where the written master is decoded again to measure its distance (removed after). */
  checkPath: string;
}

export type ReferenceBounceReport = MasterReport & {
  eqCurve: SteeredFit['eqCurve'];
  reference: { distanceBeforeDb: number | null; distanceAfterDb: number | null };
};

const FIT_SHARE = 0.2;

/**
 * A style at an intensity steered toward a reference, at the amounts (the engine's
 * styleTowardReference, from the kept analysis and the mix's 1/3-octave spectrum), fitted on this track, bounced, and the written
 * master's tonal distance to the reference read back from the file: the figures the report shows.
 */
export async function bounceToReference(job: ReferenceBounceJob, onProgress: (progress: BounceProgress) => void): Promise<ReferenceBounceReport> {
  const mixSpectrum = thirdOctaveSpectrum(job.workFile);
  const steered = styleTowardReference(styleAtIntensity(job.style, job.intensity), job.analysis, mixSpectrum, job.reference, job.amounts);
  // One bar for the whole job: the fit takes its first fifth, the bounce the rest.
  const fitted = (await prepareTrack(job.workFile, [steered], (progress: PreparationProgress) => onProgress({ stage: 'bouncing', progressInPercent: Math.floor(progress.progressInPercent * FIT_SHARE) }))).styles[0]!;
  const report = await bounce(job.masterWork, fitted, job.outPath, (progress) =>
    onProgress(progress.stage === 'finalizing' ? progress : { stage: 'bouncing', progressInPercent: Math.floor(100 * FIT_SHARE + progress.progressInPercent * (1 - FIT_SHARE)) }),
  );
  const distanceAfterDb = await masterDistanceDb(job.outPath, job.reference, job.checkPath);
  return { ...report, eqCurve: fitted.eqCurve, reference: { distanceBeforeDb: tonalDistanceDb(mixSpectrum, job.reference.spectrumDb), distanceAfterDb } };
}
