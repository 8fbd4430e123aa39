import type { BandGains } from './dsp/chain.js';

/**
 * A style as the engine takes it: plain parameters, no catalogue behind them. The product's
 * catalogue (src/modules/catalogue, ZStyleProcessing) has the same shape and hands its styles in
 * as they are; the engine never imports it (the arrows run one way, issue 9).
 */
export interface EngineStyleParams {
  /** Integrated loudness the master aims at (ITU-R BS.1770-4), LUFS. */
  targetLufs: number;
  /** True-peak ceiling, dBTP. */
  ceilingDbtp: number;
  /** The style's tonal move, dB per band, applied to the track as it is. */
  tone: BandGains;
  /** Share of the distance to the neutral reference that a small corrective match closes (0..1). */
  eqStrength: number;
  /** Largest change of any band (move and match together), dB. */
  maxEqDb: number;
  compression: {
    ratio: number;
    /** Threshold above the track's median short-term loudness, LU. */
    thresholdLu: number;
    attackMs: number;
    releaseMs: number;
  };
  /** Side gain above 120 Hz: 1 keeps the stereo image, above widens, below narrows. */
  width: number;
  /** Low-band saturation amount (0..1). */
  saturation: number;
  /**
   * M/S equalisation: a high shelf on the side signal from 8 kHz (air on the sides, dB >= 0) and a
   * low shelf on it under 120 Hz (dB <= 0: the low end in the middle). Absent: none.
   */
  midSide?: { sideAirDb: number; sideBassDb: number } | undefined;
  /**
   * A gentle three-band compressor (bands split at 150 Hz, by a Linkwitz-Riley crossover, and at
   * 6 kHz; dsp/multiband.ts) ahead of the full-band one: each band's ratio, and its threshold
   * above the band's own typical level, LU. For the bass-heavy styles. Absent: none.
   */
  multiband?: { ratios: { low: number; mid: number; high: number }; thresholdLu: number } | undefined;
  /**
   * The dynamics budget: how much the style may squeeze to reach its target. The fit stops at it
   * and reports what is missing as heldBackLu. Absent: the default budget.
   */
  budget?: {
    /** Limiter gain reduction the 95th percentile of the frames may reach, dB. */
    limiterDb: number;
    /** Mean compressor gain reduction, dB. */
    compressionDb: number;
  } | undefined;
}

export interface EngineStyle {
  id: number;
  styleIndex: number;
  groupName: string;
  name: string;
  processing: EngineStyleParams;
}

/** Budget of a style that names none: gentle. */
export const DEFAULT_BUDGET = { limiterDb: 3, compressionDb: 4 } as const;
