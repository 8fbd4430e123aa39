import { DEFAULT_BUDGET, type EngineStyle, type EngineStyleParams } from './style.js';

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
 * lower with a tighter budget and a gentler move; High aims higher with a larger budget, more
 * compression and a stronger tone move. Each scales the same parts, so the three stay in order:
 * louder and denser from Low to High on the same input.
 */
interface IntensityMove {
  /** LU added to the style's target. */
  targetLu: number;
  /** Factor on the dynamics budget (limiter and compression). */
  budget: number;
  /** Factor on each move away from neutral: tone, compression ratio - 1, saturation, width - 1, M/S, multiband. */
  move: number;
  /** LU added to the compressor's threshold (positive: it works less). */
  thresholdLu: number;
}

const MOVES: Readonly<Record<Intensity, IntensityMove>> = {
  low: { targetLu: -2.5, budget: 0.55, move: 0.6, thresholdLu: 1.5 },
  medium: { targetLu: 0, budget: 1, move: 1, thresholdLu: 0 },
  high: { targetLu: 2, budget: 1.6, move: 1.35, thresholdLu: -1.5 },
};

/** The engine's ceiling whatever is asked: a steered master never goes over -1 dBTP. */
const MAX_CEILING_DBTP = -1;
/** Louder than this no intensity aims (past it every style only squeezes). */
const MAX_TARGET_LUFS = -6;
const MAX_SATURATION = 1;

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A style's parameters at an intensity. Medium returns them unchanged. */
export function paramsAtIntensity(params: EngineStyleParams, intensity: Intensity): EngineStyleParams {
  if (intensity === 'medium') return params;
  const m = MOVES[intensity];
  const scaled = (value: number, neutral: number) => round(neutral + (value - neutral) * m.move);
  const budget = params.budget ?? DEFAULT_BUDGET;
  return {
    ...params,
    targetLufs: round(Math.min(MAX_TARGET_LUFS, params.targetLufs + m.targetLu)),
    ceilingDbtp: Math.min(params.ceilingDbtp, MAX_CEILING_DBTP),
    tone: { low: scaled(params.tone.low, 0), lowMid: scaled(params.tone.lowMid, 0), mid: scaled(params.tone.mid, 0), highMid: scaled(params.tone.highMid, 0), high: scaled(params.tone.high, 0) },
    maxEqDb: round(params.maxEqDb * Math.max(1, m.move)),
    compression: { ...params.compression, ratio: Math.max(1, scaled(params.compression.ratio, 1)), thresholdLu: round(params.compression.thresholdLu + m.thresholdLu) },
    width: scaled(params.width, 1),
    saturation: Math.min(MAX_SATURATION, scaled(params.saturation, 0)),
    midSide: params.midSide ? { sideAirDb: scaled(params.midSide.sideAirDb, 0), sideBassDb: scaled(params.midSide.sideBassDb, 0) } : params.midSide,
    multiband: params.multiband
      ? {
          ratios: { low: Math.max(1, scaled(params.multiband.ratios.low, 1)), mid: Math.max(1, scaled(params.multiband.ratios.mid, 1)), high: Math.max(1, scaled(params.multiband.ratios.high, 1)) },
          thresholdLu: round(params.multiband.thresholdLu + m.thresholdLu),
        }
      : params.multiband,
    budget: { limiterDb: round(budget.limiterDb * m.budget), compressionDb: round(budget.compressionDb * m.budget) },
  };
}

/** The style as the fit takes it at an intensity (same id and index: it is the same style, steered). */
export function styleAtIntensity(style: EngineStyle, intensity: Intensity): EngineStyle {
  return intensity === 'medium' ? style : { ...style, processing: paramsAtIntensity(style.processing, intensity) };
}

/**
 * The same style aimed at another loudness (album mode: a track keeps its distance to the album's
 * loudest one). Only the target moves; the ceiling stays the engine's.
 */
export function styleWithTarget(style: EngineStyle, targetLufs: number): EngineStyle {
  return { ...style, processing: { ...style.processing, targetLufs: round(Math.min(MAX_TARGET_LUFS, targetLufs)), ceilingDbtp: Math.min(style.processing.ceilingDbtp, MAX_CEILING_DBTP) } };
}
