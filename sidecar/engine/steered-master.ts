import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { MasterReport } from './bounce.js';
import {
  analyseWorkFile,
  bounce,
  decodeForBounce,
  decodeToWorkFile,
  inTemporaryFolder,
  masterOnce,
  prepareTrack,
  refitStyles,
  type DecodedWorkFile,
  type KeptAnalysis,
  type MasterOptions,
  type MasterProgress,
  type Preparation,
  type TrackAnalysis,
  type WorkFile,
} from './index.js';
import type { FittedStyle } from './fit.js';
import { DEFAULT_AMOUNTS, isDefaultAmounts, LOW_UNDER_MEDIUM_LU, styleAtIntensity, styleWithAmounts, styleWithTarget, type Amounts, type Intensity } from './steer.js';
import type { EngineStyle } from './style.js';

/**
 * Masters steered by the user's choices, built from the engine's public steps (decode, prepare,
 * bounce) and the pure steering of steer.ts; the fit itself is not touched.
 *
 * Intensity: Medium is the style as it is, fitted by the preparation. The other intensities are
 * fitted afterwards from what the preparation kept (refitStyles: no analysis pass), against the
 * Medium fit, so their order holds on every track:
 * - Low is aimed LOW_UNDER_MEDIUM_LU under the level Medium reaches on this track (or at its own
 *   lower target, whichever is quieter), so it stays audibly quieter even where Medium is held back.
 * - High is fitted with its higher target, larger budget and stronger tone move; where that move
 *   costs more loudness than the budget gives (a brighter master rides the gain more, and the
 *   gain-riding budget is the engine's, the same for every intensity), it keeps the style's own move
 *   and only the target and budget rise. On a track whose Medium is held back by gain riding, High
 *   is then only a little louder than Medium: that budget is a promise of the engine, not a setting.
 */
export async function fitAtIntensity(workFile: WorkFile, style: EngineStyle, intensity: Intensity, onProgress: (progress: MasterProgress) => void = () => {}, amounts: Amounts = DEFAULT_AMOUNTS): Promise<{ fitted: FittedStyle; analysis: TrackAnalysis; style: EngineStyle }> {
  const preparation = await prepareTrack(workFile, [style], onProgress);
  const medium = preparation.styles[0]!;
  if (intensity === 'medium' && isDefaultAmounts(amounts)) return { fitted: medium, analysis: preparation.analysis, style };
  return { ...fitSteered(workFile, preparation, style, medium, intensity, amounts), analysis: preparation.analysis };
}

export type SteeredFit = Preparation['styles'][number];

/**
 * A style at an intensity and amounts other than the style as it is (Medium, 100 %), fitted from a
 * preparation's kept analysis beside its Medium fit (`medium`, which Low is aimed under whatever
 * the amounts); `style` is the steered style the fit met.
 */
export function fitSteered(workFile: WorkFile, kept: KeptAnalysis, style: EngineStyle, medium: FittedStyle, intensity: Intensity, amounts: Amounts = DEFAULT_AMOUNTS): { fitted: SteeredFit; style: EngineStyle } {
  if (intensity === 'high') {
    const strong = styleWithAmounts(styleAtIntensity(style, 'high'), amounts);
    const ownTone = styleWithAmounts(styleAtIntensity(style, 'high', { toneMove: 1 }), amounts);
    // The style's own move is fitted only when the stronger one falls short (fitted after it, with it as history, either way).
    const [strongFit, ownToneFit] = refitStyles(workFile, kept, [strong, ownTone], (fitted) => fitted.effectiveTargetLufs < medium.effectiveTargetLufs + HIGH_OVER_MEDIUM_LU);
    return ownToneFit && pickHigh(medium, strongFit!, ownToneFit) === 1 ? { fitted: ownToneFit, style: ownTone } : { fitted: strongFit!, style: strong };
  }
  const steered = styleWithAmounts(styleAtIntensity(style, intensity), amounts);
  const aimed = intensity === 'low' ? styleWithTarget(steered, lowTargetLufs(steered.processing.targetLufs, medium)) : steered;
  return { fitted: refitStyles(workFile, kept, [aimed])[0]!, style: aimed };
}

/**
 * Which High candidate is kept (0: the stronger tone move, 1: the style's own): the stronger move
 * where it stays HIGH_OVER_MEDIUM_LU louder than Medium, else the style's own move, else (neither
 * is) the louder of the two.
 */
function pickHigh(medium: FittedStyle, strong: FittedStyle, ownTone: FittedStyle): 0 | 1 {
  if (strong.effectiveTargetLufs >= medium.effectiveTargetLufs + HIGH_OVER_MEDIUM_LU) return 0;
  if (ownTone.effectiveTargetLufs >= medium.effectiveTargetLufs + HIGH_OVER_MEDIUM_LU) return 1;
  return ownTone.effectiveTargetLufs > strong.effectiveTargetLufs ? 1 : 0;
}

/** How much louder than Medium High's stronger tone move must still be to be kept, LU. */
export const HIGH_OVER_MEDIUM_LU = 0.5;

/** Low's target: its own, or LOW_UNDER_MEDIUM_LU under what Medium reaches on the track, whichever is lower. */
export function lowTargetLufs(ownTargetLufs: number, medium: Pick<FittedStyle, 'effectiveTargetLufs'>): number {
  return Math.min(ownTargetLufs, medium.effectiveTargetLufs - LOW_UNDER_MEDIUM_LU);
}

/** Decode, fit at the intensity and amounts, bounce: the command line's one call for a steered master. */
export function masterAtIntensity(inputPath: string, style: EngineStyle, intensity: Intensity, outPath: string, options: SteeredMasterOptions = {}): Promise<MasterReport & { analysis: TrackAnalysis; targetLufs: number }> {
  return masterOnce(inputPath, outPath, options, async (workFile) => {
    const { fitted, analysis, style: steered } = await fitAtIntensity(workFile, style, intensity, options.onProgress, options.amounts);
    return { fitted, finish: (report) => ({ ...report, analysis, targetLufs: steered.processing.targetLufs }) };
  });
}

/** A one-call master's options and the amounts of the style's moves (DEFAULT_AMOUNTS: the style as it is). */
export type SteeredMasterOptions = MasterOptions & { amounts?: Amounts };

/**
 * Album mode: several tracks mastered as one record, the way album normalisation (Spotify's album
 * context, AES TD1008) will play them. The loudest mix is the anchor: it is mastered with the style
 * as it is (its target, less what the dynamics budget holds back). Every other track aims at the
 * anchor's master less its distance to the anchor in the mixes, so a quiet interlude stays as much
 * quieter as it was mixed.
 */
export interface AlbumTrackResult {
  input: string;
  output: string;
  /** The target this track was mastered to, LUFS. */
  targetLufs: number;
  report: MasterReport & { analysis: TrackAnalysis };
}

export interface AlbumResult {
  tracks: AlbumTrackResult[];
  /** Index of the anchor (the loudest mix). */
  anchor: number;
  /** Loudness spread of the mixes and of the masters (loudest minus quietest), LU. */
  spreadInLu: number;
  spreadOutLu: number;
}

export interface AlbumTrackInput {
  input: string;
  output: string;
}

/** A mono mix is heard, and mastered, as stereo: its distance to the others counts it so. */
const heardLufs = (analysis: TrackAnalysis) => (analysis.lufs ?? -Infinity) + (analysis.channels === 1 ? 10 * Math.log10(2) : 0);
const round = (x: number) => Math.round(x * 100) / 100;

/** The album's anchor: its loudest mix (the first of equals). */
export const anchorOf = (mixLufs: readonly number[]): number => mixLufs.reduce((best, lufs, i) => (lufs > (mixLufs[best] ?? -Infinity) ? i : best), 0);

/** The targets of an album's tracks: the anchor's master level less each mix's distance to the anchor's mix. */
export function albumTargets(mixLufs: readonly number[], anchorMasterLufs: number): { anchor: number; targets: number[] } {
  const anchor = anchorOf(mixLufs);
  const anchorMix = mixLufs[anchor]!;
  return { anchor, targets: mixLufs.map((lufs, i) => (i === anchor ? anchorMasterLufs : Number.isFinite(lufs) ? anchorMasterLufs - (anchorMix - lufs) : anchorMasterLufs)) };
}

function spread(values: readonly number[]): number {
  const finite = values.filter(Number.isFinite);
  return finite.length === 0 ? 0 : round(Math.max(...finite) - Math.min(...finite));
}

/** Decodes every track, masters the loudest first, then the others at their distance to it. */
export function masterAlbum(
  tracks: readonly AlbumTrackInput[],
  style: EngineStyle,
  intensity: Intensity,
  onProgress: (track: number, progress: MasterProgress) => void = () => {},
  signal?: AbortSignal,
): Promise<AlbumResult> {
  return inTemporaryFolder('masterdeck-album-', async (dir) => {
    const workFiles: DecodedWorkFile[] = [];
    const mixes: TrackAnalysis[] = [];
    for (const [i, track] of tracks.entries()) {
      const workFile = await decodeToWorkFile(track.input, path.join(dir, `work-${i}.f32`), signal);
      workFiles.push(workFile);
      mixes.push(await analyseWorkFile(workFile));
    }
    const mixLufs = mixes.map(heardLufs);
    const anchor = anchorOf(mixLufs);

    const results: AlbumTrackResult[] = new Array(tracks.length);
    const bounceOne = async (i: number, fitted: FittedStyle, analysis: TrackAnalysis, targetLufs: number) => {
      // Each master at its own source's rate; the source is decoded at it only for its bounce.
      const masterWork = (await decodeForBounce(tracks[i]!.input, workFiles[i]!, workFiles[i]!.sourceSampleRate, path.join(dir, `master-${i}.f32`), signal)) ?? workFiles[i]!;
      const report = await bounce(masterWork, fitted, tracks[i]!.output, (progress) => onProgress(i, progress), signal);
      if (masterWork !== workFiles[i]) await rm(masterWork.path, { force: true });
      results[i] = { input: tracks[i]!.input, output: tracks[i]!.output, targetLufs, report: { ...report, analysis } };
      return report;
    };
    const anchorFit = await fitAtIntensity(workFiles[anchor]!, style, intensity, (progress) => onProgress(anchor, progress));
    const anchorReport = await bounceOne(anchor, anchorFit.fitted, anchorFit.analysis, anchorFit.style.processing.targetLufs);
    // What the anchor reached (its target less what its budget held back) sets the album's level.
    const anchorLevel = anchorReport.lufs ?? anchorFit.fitted.effectiveTargetLufs;
    const { targets } = albumTargets(mixLufs, anchorLevel);
    for (let i = 0; i < tracks.length; i++) {
      if (i === anchor) continue;
      const aimed = styleWithTarget(anchorFit.style, targets[i]!);
      const preparation = await prepareTrack(workFiles[i]!, [aimed], (progress) => onProgress(i, progress));
      await bounceOne(i, preparation.styles[0]!, preparation.analysis, aimed.processing.targetLufs);
    }
    return {
      tracks: results,
      anchor,
      spreadInLu: spread(mixLufs),
      spreadOutLu: spread(results.map((r) => r.report.lufs ?? -Infinity)),
    };
  });
}
