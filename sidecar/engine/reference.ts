import { fft } from './analysis.js';
import { magnitudeDb } from './dsp/biquad.js';
import { eqFilters, TONE_BANDS, type BandGains } from './dsp/chain.js';
import { budgetOf, type EngineStyle } from './style.js';
import { DEFAULT_AMOUNTS, styleWithAmounts, type Amounts } from './steer.js';
import type { TrackAnalysis } from './index.js';
import { openWorkFile, type WorkFile } from './work-file.js';

/**
 * Mastering toward a reference track: what is measured of the reference, and how the style is
 * steered by it. Like steer.ts, the fit is not touched: the reference becomes plain style
 * parameters (a tone move, a target, a budget), so every promise of the engine holds for a
 * referenced master too (target less heldBackLu, the -1 dBTP ceiling, exact length, silence).
 */

/** ISO 1/3-octave centres from 40 Hz to 16 kHz: the range where tonal balance is heard and mixes differ. */
export const REFERENCE_BAND_CENTRES_HZ = [
  40, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000, 10000, 12500, 16000,
];

/** Largest tone move the reference asks of any band, dB (the style schema's bound on a move). */
export const MAX_REFERENCE_MOVE_DB = 6;

/** The reference's budget factor stays within what the intensities span (steer.ts: Low 0.35, High 1.6). */
const MIN_BUDGET_FACTOR = 0.35;
const MAX_BUDGET_FACTOR = 1.6;
/** Quietest target a style may name (the style schema's bound). */
const MIN_TARGET_LUFS = -24;
const MAX_CEILING_DBTP = -1;

const FFT_SIZE = 8192;
/** Frames of the Welch average at most: a whole track costs a few hundred FFTs. */
const MAX_SPECTRUM_FRAMES = 300;
/** A band this far under the loudest is read at this level: silence in one band is not an infinite distance. */
const BAND_FLOOR_DB = -90;

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));
const mono = (channels: number) => (channels === 1 ? 10 * Math.log10(2) : 0);

/** The reference as the master is steered by it. */
export interface ReferenceAnalysis {
  /** Level-normalised 1/3-octave spectrum (mean 0 dB over REFERENCE_BAND_CENTRES_HZ); null: silence. */
  spectrumDb: number[] | null;
  /** Integrated loudness as heard in stereo (a mono reference +3.01), LUFS; null: silence. */
  lufs: number | null;
  lra: number;
  truePeak: number | null;
  /** Peak-to-loudness ratio (true peak less integrated loudness), dB. */
  plr: number | null;
}

/** What the report says of a master made against a reference. */
export interface ReferenceReport {
  lufs: number | null;
  lra: number;
  truePeak: number | null;
  plr: number | null;
  /** Tonal distance between the reference and the mix, and the reference and the master, dB (null: a silent side). */
  distanceBeforeDb: number | null;
  distanceAfterDb: number | null;
}

/**
 * Long-term spectrum in 1/3-octave bands, level-normalised: Welch (Hann-windowed 8192-point frames,
 * each channel's power averaged, so anti-phase content is not lost as in a mid signal), each band's
 * power summed over its bins (a band's edges are its centre times 2^(+-1/6), ISO 266), in dB less
 * the mean over the bands. Null for digital silence.
 */
export function thirdOctaveSpectrum(workFile: WorkFile): number[] | null {
  const power = accumulateBandPower(workFile);
  const loudest = Math.max(...power);
  if (!(loudest > 0)) return null;
  const db = power.map((p) => Math.max(10 * Math.log10(loudest) + BAND_FLOOR_DB, 10 * Math.log10(p)));
  const mean = db.reduce((sum, d) => sum + d, 0) / db.length;
  return db.map((d) => round(d - mean, 3));
}

function accumulateBandPower(workFile: WorkFile): number[] {
  const { channels, frames, sampleRate } = workFile;
  const power = new Array<number>(REFERENCE_BAND_CENTRES_HZ.length).fill(0);
  if (frames < FFT_SIZE) return power;
  const window = new Float64Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE);
  const binHz = sampleRate / FFT_SIZE;
  const edges = REFERENCE_BAND_CENTRES_HZ.map((f) => [Math.max(1, Math.round((f * 2 ** (-1 / 6)) / binHz)), Math.min(FFT_SIZE / 2, Math.round((f * 2 ** (1 / 6)) / binHz))] as const);
  const stride = Math.max(FFT_SIZE / 2, Math.floor((frames - FFT_SIZE) / MAX_SPECTRUM_FRAMES));
  const block = new Float32Array(FFT_SIZE * channels);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const reader = openWorkFile(workFile);
  try {
    for (let start = 0; start + FFT_SIZE <= frames; start += stride) {
      reader.read(start, FFT_SIZE, block);
      for (let ch = 0; ch < channels; ch++) {
        for (let i = 0; i < FFT_SIZE; i++) {
          re[i] = block[i * channels + ch]! * window[i]!;
          im[i] = 0;
        }
        fft(re, im);
        edges.forEach(([lo, hi], b) => {
          let sum = 0;
          for (let k = lo; k < Math.max(lo + 1, hi); k++) sum += re[k]! * re[k]! + im[k]! * im[k]!;
          power[b] = power[b]! + sum;
        });
      }
    }
  } finally {
    reader.close();
  }
  return power;
}

/** Tonal distance: RMS of the difference of two level-normalised spectra, dB (null: either is silence). */
export function tonalDistanceDb(a: readonly number[] | null, b: readonly number[] | null): number | null {
  if (!a || !b) return null;
  const diff = a.map((x, i) => x - b[i]!);
  const mean = diff.reduce((sum, d) => sum + d, 0) / diff.length;
  return round(Math.sqrt(diff.reduce((sum, d) => sum + (d - mean) ** 2, 0) / diff.length));
}

/** The reference's measurements, from its analysis pass (analyseWorkFile) and its spectrum. */
export function referenceAnalysisOf(analysis: TrackAnalysis, spectrumDb: number[] | null): ReferenceAnalysis {
  const lufs = analysis.lufs === null ? null : round(analysis.lufs + mono(analysis.channels));
  const truePeak = analysis.truePeak;
  return { spectrumDb, lufs, lra: analysis.lra, truePeak, plr: lufs === null || truePeak === null ? null : round(truePeak - lufs) };
}

/** Response of the tone EQ with these gains at the reference bands, dB (at the working rate). */
function eqResponseDb(gains: BandGains, sampleRate: number): number[] {
  const filters = eqFilters(gains, 0, sampleRate);
  return REFERENCE_BAND_CENTRES_HZ.map((f) => filters.reduce((sum, c) => sum + magnitudeDb(c, f, sampleRate), 0));
}

const withMeanRemoved = (values: number[]) => {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.map((v) => v - mean);
};

/**
 * The tone EQ's five gains that bring the mix's spectrum closest to the reference's: least squares
 * over the 1/3-octave bands (levels aside: every column and the target have their mean removed),
 * by Gauss-Newton steps on the filters' real responses (a shelf's dB response is nearly, not
 * exactly, linear in its gain), each band bounded by +-MAX_REFERENCE_MOVE_DB. A small ridge term
 * keeps neighbouring bands from pulling against each other where the spectra say little.
 */
export function referenceToneGains(mixDb: readonly number[], referenceDb: readonly number[], sampleRate: number): BandGains {
  const target = withMeanRemoved(referenceDb.map((r, i) => r - mixDb[i]!));
  const unit = TONE_BANDS.map((band) => withMeanRemoved(eqResponseDb({ low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0, [band]: 1 }, sampleRate)));
  let gains = [0, 0, 0, 0, 0];
  for (let step = 0; step < 4; step++) {
    const current = withMeanRemoved(eqResponseDb(gainsOf(gains), sampleRate));
    const residual = target.map((t, k) => t - current[k]!);
    const delta = solveRidge(unit, residual, 0.02 * REFERENCE_BAND_CENTRES_HZ.length);
    gains = gains.map((g, b) => clamp(g + delta[b]!, -MAX_REFERENCE_MOVE_DB, MAX_REFERENCE_MOVE_DB));
  }
  return gainsOf(gains.map((g) => round(g)));
}

const gainsOf = (g: number[]): BandGains => ({ low: g[0]!, lowMid: g[1]!, mid: g[2]!, highMid: g[3]!, high: g[4]! });

/** Solves (J^T J + lambda I) x = J^T r for the columns `columns` of J (Gaussian elimination, 5 unknowns). */
function solveRidge(columns: number[][], residual: number[], lambda: number): number[] {
  const n = columns.length;
  const a = columns.map((ci) => [...columns.map((cj) => ci.reduce((sum, v, k) => sum + v * cj[k]!, 0)), ci.reduce((sum, v, k) => sum + v * residual[k]!, 0)]);
  for (let i = 0; i < n; i++) a[i]![i] = a[i]![i]! + lambda;
  for (let i = 0; i < n; i++) {
    let pivot = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(a[r]![i]!) > Math.abs(a[pivot]![i]!)) pivot = r;
    [a[i], a[pivot]] = [a[pivot]!, a[i]!];
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const f = a[r]![i]! / a[i]![i]!;
      for (let c = i; c <= n; c++) a[r]![c] = a[r]![c]! - f * a[i]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/**
 * The style steered toward the reference:
 * - tone: the reference's tonal balance replaces the style's move and its neutral match
 *   (referenceToneGains on the mix's spectrum; none when either is silent);
 * - loudness: the reference's, never over the style's target (the style is the ceiling the user
 *   chose), nor under the quietest target a style may name;
 * - dynamics: the budget (limiter, compression, attacks) scaled by how much the mix's
 *   peak-to-loudness ratio must fall to reach the reference's, against the style's limiter budget,
 *   within the span of the intensities; the loudness range keeps the share the reference has of
 *   the mix's (0.4..1: a master gets no range the mix does not have);
 * - the ceiling stays the style's, at most -1 dBTP, whatever the reference's peaks.
 */
export function styleWithReference(style: EngineStyle, mix: TrackAnalysis, mixSpectrumDb: number[] | null, reference: ReferenceAnalysis): EngineStyle {
  const p = style.processing;
  const tone = mixSpectrumDb && reference.spectrumDb ? referenceToneGains(mixSpectrumDb, reference.spectrumDb, mix.sampleRate) : { low: 0, lowMid: 0, mid: 0, highMid: 0, high: 0 };
  const targetLufs = reference.lufs === null ? p.targetLufs : round(clamp(reference.lufs, MIN_TARGET_LUFS, p.targetLufs));
  const budget = budgetOf(p);
  const mixLufs = mix.lufs === null ? null : mix.lufs + mono(mix.channels);
  const mixPlr = mixLufs === null || mix.truePeak === null ? null : mix.truePeak - mixLufs;
  const factor = mixPlr === null || reference.plr === null || budget.limiterDb <= 0 ? 1 : clamp((mixPlr - reference.plr) / budget.limiterDb, MIN_BUDGET_FACTOR, MAX_BUDGET_FACTOR);
  const lraShare = mix.lra > 0 && reference.lufs !== null ? clamp(reference.lra / mix.lra, 0.4, 1) : budget.lraShare;
  return {
    ...style,
    processing: {
      ...p,
      targetLufs,
      ceilingDbtp: Math.min(p.ceilingDbtp, MAX_CEILING_DBTP),
      tone,
      eqStrength: 0,
      maxEqDb: MAX_REFERENCE_MOVE_DB,
      budget: {
        limiterDb: round(budget.limiterDb * factor),
        compressionDb: round(budget.compressionDb * factor),
        lraShare: round(lraShare, 3),
        attackLossDb: round(clamp(budget.attackLossDb * factor, 0.5, 6)),
      },
    },
  };
}

/**
 * The style (at its intensity) steered toward the reference, then each part of that move taken as
 * far as the amounts say (steer.ts): the amounts scale the move toward the reference, since a move
 * scaled before would be replaced by the reference's (the tone) or rescaled to it (the budget).
 */
export function styleTowardReference(style: EngineStyle, mix: TrackAnalysis, mixSpectrumDb: number[] | null, reference: ReferenceAnalysis, amounts: Amounts = DEFAULT_AMOUNTS): EngineStyle {
  return styleWithAmounts(styleWithReference(style, mix, mixSpectrumDb, reference), amounts);
}
