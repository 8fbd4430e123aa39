import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { MasterReport } from './bounce.js';
import { EngineError } from './engine-error.js';
import { analyseWorkFile, decodeToWorkFile, masterOnce, prepareTrack, type TrackAnalysis, type WorkFile } from './index.js';
import { referenceAnalysisOf, styleTowardReference, thirdOctaveSpectrum, tonalDistanceDb, type ReferenceAnalysis, type ReferenceReport } from './reference.js';
import type { EngineStyle } from './style.js';
import { DEFAULT_AMOUNTS, type Amounts } from './steer.js';
import type { SteeredMasterOptions } from './steered-master.js';

/** Decodes a reference track and measures it (loudness, range, peaks, spectrum); a silent one is refused. */
export async function analyseReference(referencePath: string, workPath: string, signal?: AbortSignal): Promise<ReferenceAnalysis> {
  const work = await decodeToWorkFile(referencePath, workPath, signal);
  try {
    const reference = referenceAnalysisOf(await analyseWorkFile(work), thirdOctaveSpectrum(work));
    if (reference.lufs === null || reference.spectrumDb === null) throw new EngineError('silentReference', 'the reference track is digital silence');
    return reference;
  } finally {
    await rm(work.path, { force: true });
  }
}

/** The tonal distance of a written master to the reference, read from the file at the working rate. */
export async function masterDistanceDb(masterPath: string, reference: ReferenceAnalysis, workPath: string, signal?: AbortSignal): Promise<number | null> {
  const work = await decodeToWorkFile(masterPath, workPath, signal);
  try {
    return tonalDistanceDb(thirdOctaveSpectrum(work), reference.spectrumDb);
  } finally {
    await rm(work.path, { force: true });
  }
}

/** The style steered toward the reference on this mix (its analysis and spectrum read from the work file), at the amounts. */
export async function steerToReference(workFile: WorkFile, style: EngineStyle, reference: ReferenceAnalysis, amounts: Amounts = DEFAULT_AMOUNTS): Promise<{ style: EngineStyle; distanceBeforeDb: number | null }> {
  const mix = await analyseWorkFile(workFile);
  const mixSpectrum = thirdOctaveSpectrum(workFile);
  return { style: styleTowardReference(style, mix, mixSpectrum, reference, amounts), distanceBeforeDb: tonalDistanceDb(mixSpectrum, reference.spectrumDb) };
}

export const referenceReportOf = (reference: ReferenceAnalysis, distanceBeforeDb: number | null, distanceAfterDb: number | null): ReferenceReport => ({
  lufs: reference.lufs,
  lra: reference.lra,
  truePeak: reference.truePeak,
  plr: reference.plr,
  distanceBeforeDb,
  distanceAfterDb,
});

/**
 * Decode, steer the style toward the reference (reference.ts), fit, bounce, and read the master's
 * tonal distance to the reference from the written file: the command line's one call for a master
 * made against a reference track. `style` may already be steered (an intensity); the amounts scale
 * the move toward the reference.
 */
export function masterWithReference(
  inputPath: string,
  referencePath: string,
  style: EngineStyle,
  outPath: string,
  options: SteeredMasterOptions = {},
): Promise<MasterReport & { analysis: TrackAnalysis; targetLufs: number; reference: ReferenceReport }> {
  return masterOnce(inputPath, outPath, options, async (workFile, dir) => {
    const reference = await analyseReference(referencePath, path.join(dir, 'reference.f32'), options.signal);
    const steered = await steerToReference(workFile, style, reference, options.amounts);
    const preparation = await prepareTrack(workFile, [steered.style], options.onProgress);
    const finish = async (report: MasterReport) => {
      const after = await masterDistanceDb(outPath, reference, path.join(dir, 'check.f32'), options.signal);
      return { ...report, analysis: preparation.analysis, targetLufs: steered.style.processing.targetLufs, reference: referenceReportOf(reference, steered.distanceBeforeDb, after) };
    };
    return { fitted: preparation.styles[0]!, finish };
  });
}
