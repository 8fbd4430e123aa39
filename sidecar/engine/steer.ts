import { budgetOf, type EngineStyle, type EngineStyleParams } from './style.js';

/**
 * Steering a style from outside the fit: a pure function from a style and the user's choices
 * (intensity, and later amounts or an album's loudness) to the plain parameters the fit takes. The
 * fit itself is untouched: it meets whatever target and budget it is handed and reports what the
 * budget holds back, so every promise of the engine (target less heldBackLu, the true-peak ceiling,
 * exact length, silence stays silence) holds for every steered style.
 */
export const INTENSITIES = ['low', 'medium', 'high'] as const;
export type Intensity = (typeof INTENSITIES)[number];

/**
 * How far each intensity moves the style. Medium is the style as the catalogue holds it. Low aims
 * lower with a tighter budget and a gentler move; High aims higher with a larger budget and a
 * stronger tone move. Each scales the same parts, so the three stay in order:
 * louder and denser from Low to High on the same input.
 */
interface IntensityMove {
  /** LU added to the style's target. */
  targetLu: number;
  /** Factor on the dynamics budget (limiter and compression). */
  budget: number;
  /** Factor on each move away from neutral: tone, saturation, width - 1, M/S. */
  move: number;
  /**
   * Factor on the compressors' ratio - 1, and LU added to their thresholds (positive: they work
   * less). High keeps the style's compression: the gain-riding budget, not the limiter's, is what
   * holds most masters back, and more compression rides more and ends up quieter, not louder.
   */
  compression: number;
  thresholdLu: number;
}

const MOVES: Readonly<Record<Intensity, IntensityMove>> = {
  low: { targetLu: -3, budget: 0.35, move: 0.6, compression: 0.6, thresholdLu: 2 },
  medium: { targetLu: 0, budget: 1, move: 1, compression: 1, thresholdLu: 0 },
  high: { targetLu: 2, budget: 1.6, move: 1.35, compression: 1, thresholdLu: 0 },
};

/** How far under Medium's level on the track Low aims at most (steered-master.ts fits Medium first), LU. */
export const LOW_UNDER_MEDIUM_LU = 2;

/** The engine's ceiling whatever is asked: a steered master never goes over -1 dBTP. */
const MAX_CEILING_DBTP = -1;
/** Louder than this no intensity aims (past it every style only squeezes). */
const MAX_TARGET_LUFS = -6;
const MAX_SATURATION = 1;

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * A style's parameters at an intensity. Medium returns them unchanged. `toneMove` replaces the
 * intensity's factor on the tone move alone (steered-master.ts falls back to the style's own move
 * when High's stronger one would cost more loudness than it gives).
 */
export function paramsAtIntensity(params: EngineStyleParams, intensity: Intensity, options: { toneMove?: number } = {}): EngineStyleParams {
  if (intensity === 'medium') return params;
  const m = MOVES[intensity];
  const scaled = (value: number, neutral: number) => round(neutral + (value - neutral) * m.move);
  const toned = (value: number) => round(value * (options.toneMove ?? m.move));
  const ratio = (value: number) => Math.max(1, round(1 + (value - 1) * m.compression));
  const budget = budgetOf(params);
  return {
    ...params,
    targetLufs: round(Math.min(MAX_TARGET_LUFS, params.targetLufs + m.targetLu)),
    ceilingDbtp: Math.min(params.ceilingDbtp, MAX_CEILING_DBTP),
    tone: { low: toned(params.tone.low), lowMid: toned(params.tone.lowMid), mid: toned(params.tone.mid), highMid: toned(params.tone.highMid), high: toned(params.tone.high) },
    maxEqDb: round(params.maxEqDb * Math.max(1, options.toneMove ?? m.move)),
    compression: { ...params.compression, ratio: ratio(params.compression.ratio), thresholdLu: round(params.compression.thresholdLu + m.thresholdLu) },
    width: scaled(params.width, 1),
    saturation: Math.min(MAX_SATURATION, scaled(params.saturation, 0)),
    midSide: params.midSide ? { sideAirDb: scaled(params.midSide.sideAirDb, 0), sideBassDb: scaled(params.midSide.sideBassDb, 0) } : params.midSide,
    multiband: params.multiband
      ? {
          ratios: { low: ratio(params.multiband.ratios.low), mid: ratio(params.multiband.ratios.mid), high: ratio(params.multiband.ratios.high) },
          thresholdLu: round(params.multiband.thresholdLu + m.thresholdLu),
        }
      : params.multiband,
    // What may be given up of the loudness range and of the attacks scales like the rest of the budget.
    budget: {
      limiterDb: round(budget.limiterDb * m.budget),
      compressionDb: round(budget.compressionDb * m.budget),
      lraShare: round(Math.min(1, Math.max(0.4, 1 - (1 - budget.lraShare) * m.budget))),
      attackLossDb: round(Math.min(6, Math.max(0.5, budget.attackLossDb * m.budget))),
    },
  };
}

/** The style as the fit takes it at an intensity (same id and index: it is the same style, steered). */
export function styleAtIntensity(style: EngineStyle, intensity: Intensity, options: { toneMove?: number } = {}): EngineStyle {
  return intensity === 'medium' ? style : { ...style, processing: paramsAtIntensity(style.processing, intensity, options) };
}

/**
 * The same style aimed at another loudness (album mode: a track keeps its distance to the album's
 * loudest one). Only the target moves; the ceiling stays the engine's.
 */
export function styleWithTarget(style: EngineStyle, targetLufs: number): EngineStyle {
  return { ...style, processing: { ...style.processing, targetLufs: round(Math.min(MAX_TARGET_LUFS, targetLufs)), ceilingDbtp: Math.min(style.processing.ceilingDbtp, MAX_CEILING_DBTP) } };
}

/**
 * How far each part of the style's move is taken, in percent of the style's own (100: the style as
 * it is, at whatever intensity). Tone: the tonal move and the corrective match. Width: the side
 * gain and the M/S equalisation. Dynamics: compression, saturation and the dynamics budget.
 */
export interface Amounts {
  tone: number;
  width: number;
  dynamics: number;
}
export const DEFAULT_AMOUNTS: Readonly<Amounts> = { tone: 100, width: 100, dynamics: 100 };
/** The range the engine takes, percent (150: half again the style's move). */
export const MAX_AMOUNT = 150;

export const isDefaultAmounts = (amounts: Amounts | undefined): boolean =>
  !amounts || (amounts.tone === DEFAULT_AMOUNTS.tone && amounts.width === DEFAULT_AMOUNTS.width && amounts.dynamics === DEFAULT_AMOUNTS.dynamics);

const TONE_LIMIT_DB = 6;
const MAX_WIDTH = 2;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * A style's parameters with its move scaled part by part (applied after the intensity, so both
 * count). 100 % returns the parameters unchanged. At 0 %: tone, no tone move and no corrective match
 * (the EQ stage is flat but for the subsonic high-pass); width, the mix's own width (side gain 1, no
 * M/S equalisation); dynamics, no compression, no saturation and no limiting budget, so the limiter
 * only takes what the ceiling (or the loudness floor) needs and the rest is held back. 150 %: half
 * again, within the parameters' bounds.
 */
export function paramsWithAmounts(params: EngineStyleParams, amounts: Amounts): EngineStyleParams {
  if (isDefaultAmounts(amounts)) return params;
  const t = clamp(amounts.tone, 0, MAX_AMOUNT) / 100;
  const w = clamp(amounts.width, 0, MAX_AMOUNT) / 100;
  const d = clamp(amounts.dynamics, 0, MAX_AMOUNT) / 100;
  const tone = (value: number) => round(clamp(value * t, -TONE_LIMIT_DB, TONE_LIMIT_DB));
  const ratio = (value: number) => Math.max(1, round(1 + (value - 1) * d));
  const budget = budgetOf(params);
  return {
    ...params,
    tone: { low: tone(params.tone.low), lowMid: tone(params.tone.lowMid), mid: tone(params.tone.mid), highMid: tone(params.tone.highMid), high: tone(params.tone.high) },
    eqStrength: round(Math.min(1, params.eqStrength * t)),
    maxEqDb: round(Math.min(12, params.maxEqDb * Math.max(1, t))),
    width: round(clamp(1 + (params.width - 1) * w, 0, MAX_WIDTH)),
    midSide: params.midSide ? { sideAirDb: round(Math.min(6, params.midSide.sideAirDb * w)), sideBassDb: round(Math.max(-12, params.midSide.sideBassDb * w)) } : params.midSide,
    compression: { ...params.compression, ratio: ratio(params.compression.ratio) },
    // At 0 % the three-band stage goes too: at 1:1 it would still be run, and be counted as colour.
    multiband:
      params.multiband && d > 0
        ? { ...params.multiband, ratios: { low: ratio(params.multiband.ratios.low), mid: ratio(params.multiband.ratios.mid), high: ratio(params.multiband.ratios.high) } }
        : undefined,
    saturation: round(Math.min(MAX_SATURATION, params.saturation * d)),
    budget: {
      limiterDb: round(budget.limiterDb * d),
      compressionDb: round(budget.compressionDb * d),
      lraShare: round(clamp(1 - (1 - budget.lraShare) * d, 0.4, 1)),
      attackLossDb: round(clamp(budget.attackLossDb * d, 0.5, 6)),
    },
  };
}

/** The style with its move scaled by the amounts (same id: it is the same style, steered). */
export function styleWithAmounts(style: EngineStyle, amounts: Amounts): EngineStyle {
  return isDefaultAmounts(amounts) ? style : { ...style, processing: paramsWithAmounts(style.processing, amounts) };
}
