import { toneMoveGains } from './analysis.js';
import type { BandGains, ChainParams } from './dsp/chain.js';
import type { MultibandBand, MultibandParams } from './dsp/multiband.js';
import type { EngineStyle } from './style.js';

/**
 * Margin between the style's true-peak ceiling and the limiter's, dB: gain changes within the
 * interpolator's span, 24-bit rounding and the difference to other meters. The limiter's detector
 * (dsp/peak-detector.ts) reads inter-sample peaks with a 32-tap-per-phase interpolator, as
 * accurately as ffmpeg's ebur128 does, so 0.3 dB is enough (it was 0.7 dB with the 12-tap
 * BS.1770-4 Annex 2 FIR, which reads up to ~0.6 dB low on content near Nyquist).
 */
export const LIMITER_MARGIN_DB = 0.3;
/**
 * The limiter's timing: look-ahead and an equal hold, fast and slow release. The fast release is
 * short so a transient's reduction is over before the next 100 ms step (gain riding).
 */
export const LIMITER_TIMING = { lookaheadMs: 5, holdMs: 5, releaseFastMs: 20, releaseSlowMs: 400 } as const;
/** Saturation halved, and none once it is too little to hear (the stage then skips its crossover). */
export const halved = (saturation: number): number => (saturation < 0.05 ? 0 : saturation / 2);
export const hasColourDynamics = (params: ChainParams): boolean => params.compressor.ratio > 1 || params.saturation > 0 || params.multiband !== null;

export interface FitInputs {
  /**
   * Integrated loudness of the whole input as the stereo master it becomes, LUFS (a mono input's
   * own reading + 3.01 dB: its one channel is played on both sides).
   */
  inputLufs: number;
  /** Median gated short-term loudness of the input, same convention, LUFS: where the compressor's threshold sits. */
  shortTermLufs: number;
  /** Correlation of left and right over the excerpt (1 for mono). */
  correlation: number;
  /** Integrated loudness of the excerpt's input, LUFS. */
  excerptInputLufs: number;
  bandLevelsDb: BandGains;
  /** True peak of the input, dBTP (-Infinity: silence). */
  truePeakDb: number;
  /** Corner of the subsonic high-pass for this track, Hz (0: none; see subsonic.ts). */
  subsonicHz: number;
  /** Loudness range of the input (EBU Tech 3342), LU: what the macro-dynamics budget keeps a share of. */
  lra: number;
}

/**
 * Correlation from which a mix may be widened: a typical mix sits around 0.3-0.6 (a rock mix at
 * 0.47 is an ordinary one), only under this is it already wide.
 */
export const WIDEN_FROM_CORRELATION = 0.3;
/** Largest side gain that keeps the correlation at or above this (Wide must not make a mix fall apart). */
const MIN_CORRELATION = 0.2;

/**
 * Width that cannot damage: no widening of an input whose correlation is already low, and never
 * so much that it would fall under MIN_CORRELATION. With mid and side uncorrelated, correlation
 * c = (M - S) / (M + S) in powers, so side gain w gives (M - w^2 S) / (M + w^2 S).
 */
export function safeWidth(width: number, correlation: number): number {
  if (width <= 1) return width;
  if (!Number.isFinite(correlation) || correlation < WIDEN_FROM_CORRELATION) return 1;
  const ratio = (1 + correlation) / Math.max(1e-6, 1 - correlation);
  const limit = Math.sqrt((ratio * (1 - MIN_CORRELATION)) / (1 + MIN_CORRELATION));
  return Math.max(1, Math.min(width, limit));
}

/**
 * Where the compressor's detector reads a track relative to its short-term loudness, dB: the mean
 * square per channel is about 3 dB under the two-channel sum BS.1770 adds up, and the side-chain
 * high-pass takes out the bass that carries much of a mix's power (about 3 dB more on music).
 */
const COMPRESSOR_REFERENCE_OFFSET_DB = 6;

/**
 * Air on the sides widens like the width stage does: none for an input whose correlation is
 * already low (safeWidth's rule). A cut is always safe.
 */
export const safeSideAir = (db: number, correlation: number): number => (db <= 0 || (Number.isFinite(correlation) && correlation >= WIDEN_FROM_CORRELATION) ? db : 0);

/**
 * Where a band's per-channel mean square sits relative to the track's short-term loudness plus
 * the band's share of the power, dB: BS.1770 adds both channels (3.01 dB) and subtracts 0.691.
 */
const MULTIBAND_REFERENCE_OFFSET_DB = 2.3;
/** The three-band compressor's crossovers: the edges of the analysis bands (low, the three middle bands, high). */
export const MULTIBAND_CROSSOVERS_HZ = [150, 6000] as const;

/**
 * The three-band compressor's settings for a style: each band's threshold `thresholdLu` above
 * the band's own typical level (its share of the track's power after the tone move, from the
 * analysis' long-term spectrum); slower in the low band (a bass cycle is long, and a fast gain on
 * it distorts), faster in the high band.
 */
function multibandParams(p: EngineStyle['processing'], inputs: FitInputs, eq: BandGains, reference: number): MultibandParams | null {
  const m = p.multiband;
  if (!m || !Number.isFinite(reference)) return null;
  const share = (bands: readonly (keyof BandGains)[]) => 10 * Math.log10(bands.reduce((sum, band) => sum + Math.pow(10, (inputs.bandLevelsDb[band] + eq[band]) / 10), 0));
  const base = reference - MULTIBAND_REFERENCE_OFFSET_DB + m.thresholdLu;
  const { attackMs, releaseMs } = p.compression;
  return {
    crossoversHz: MULTIBAND_CROSSOVERS_HZ,
    kneeDb: 6,
    bands: [
      { thresholdDbfs: base + share(['low']), ratio: m.ratios.low, attackMs: Math.max(30, attackMs * 1.5), releaseMs: Math.max(400, releaseMs * 3), detectorMs: 80 },
      { thresholdDbfs: base + share(['lowMid', 'mid', 'highMid']), ratio: m.ratios.mid, attackMs, releaseMs: Math.max(300, releaseMs * 2), detectorMs: 60 },
      { thresholdDbfs: base + share(['high']), ratio: m.ratios.high, attackMs: Math.max(10, attackMs / 2), releaseMs: Math.max(200, releaseMs * 1.5), detectorMs: 40 },
    ],
  };
}

const raised = (band: MultibandBand, db: number): MultibandBand => ({ ...band, thresholdDbfs: band.thresholdDbfs + db });

/** The compressors work from `db` higher up (the full-band one and every band of the three-band one). */
export function raiseThresholds(params: ChainParams, db: number): ChainParams {
  return {
    ...params,
    compressor: { ...params.compressor, thresholdDbfs: params.compressor.thresholdDbfs + db },
    multiband: params.multiband && { ...params.multiband, bands: [raised(params.multiband.bands[0], db), raised(params.multiband.bands[1], db), raised(params.multiband.bands[2], db)] },
  };
}

/**
 * Chain parameters before the pre-gain is fitted. Every input gets the style's whole chain (tone
 * move, M/S, compression, saturation, width), however loud it already is: only the loudness path
 * differs (see fitStyle).
 */
export function initialChainParams(style: EngineStyle, inputs: FitInputs): ChainParams {
  const p = style.processing;
  const reference = Number.isFinite(inputs.shortTermLufs) ? inputs.shortTermLufs : inputs.inputLufs;
  const eqGainsDb = toneMoveGains(inputs.bandLevelsDb, p.tone, p.eqStrength, p.maxEqDb);
  return {
    highPassHz: inputs.subsonicHz,
    eqGainsDb,
    midSide: !p.midSide ? { sideAirDb: 0, sideBassDb: 0 } : { sideAirDb: safeSideAir(p.midSide.sideAirDb, inputs.correlation), sideBassDb: p.midSide.sideBassDb },
    preGainDb: 0,
    multiband: multibandParams(p, inputs, eqGainsDb, reference),
    compressor: {
      // thresholdLu is relative to the track's median short-term loudness (see the offset).
      thresholdDbfs: (Number.isFinite(reference) ? reference : -20) + p.compression.thresholdLu - COMPRESSOR_REFERENCE_OFFSET_DB,
      ratio: p.compression.ratio,
      kneeDb: 6,
      attackMs: p.compression.attackMs,
      releaseMs: p.compression.releaseMs,
      // Long enough that the gain follows phrases rather than single beats (gain riding).
      detectorMs: 40,
      // With a three-band compressor the low band has its own: the full-band one's detector then
      // starts at the crossover, so a kick's body does not duck the rest of the mix with it.
      sidechainHz: p.multiband ? MULTIBAND_CROSSOVERS_HZ[0] : 100,
    },
    saturation: p.saturation,
    // The curve bends from about 6 dB over the track's typical level on, whatever that level is.
    saturationReferenceDbfs: (Number.isFinite(reference) ? reference : -20) + 6,
    width: safeWidth(p.width, inputs.correlation),
    limiter: { ceilingDbtp: p.ceilingDbtp - LIMITER_MARGIN_DB, ...LIMITER_TIMING },
  };
}
