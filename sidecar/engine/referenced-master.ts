import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MasterReport } from './bounce.js';
import { EngineError } from './engine-error.js';
import { analyseWorkFile, bounce, decodeForBounce, decodeToWorkFile, prepareTrack, type MasterProgress, type TrackAnalysis, type WorkFile } from './index.js';
import { referenceAnalysisOf, styleTowardReference, thirdOctaveSpectrum, tonalDistanceDb, type ReferenceAnalysis, type ReferenceReport } from './reference.js';
import type { EngineStyle } from './style.js';
import { DEFAULT_AMOUNTS, type Amounts } from './steer.js';

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
export async function masterWithReference(
  inputPath: string,
  referencePath: string,
  style: EngineStyle,
  outPath: string,
  onProgress: (progress: MasterProgress) => void = () => {},
  signal?: AbortSignal,
  amounts: Amounts = DEFAULT_AMOUNTS,
): Promise<MasterReport & { analysis: TrackAnalysis; targetLufs: number; reference: ReferenceReport }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'masterdeck-reference-'));
  try {
    const reference = await analyseReference(referencePath, path.join(dir, 'reference.f32'), signal);
    const workFile = await decodeToWorkFile(inputPath, path.join(dir, 'work.f32'), signal);
    const steered = await steerToReference(workFile, style, reference, amounts);
    const preparation = await prepareTrack(workFile, [steered.style], onProgress);
    const masterWork = (await decodeForBounce(inputPath, workFile, workFile.sourceSampleRate, path.join(dir, 'master.f32'), signal)) ?? workFile;
    const report = await bounce(masterWork, preparation.styles[0]!, outPath, onProgress, signal);
    const after = await masterDistanceDb(outPath, reference, path.join(dir, 'check.f32'), signal);
    return { ...report, analysis: preparation.analysis, targetLufs: steered.style.processing.targetLufs, reference: referenceReportOf(reference, steered.distanceBeforeDb, after) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
