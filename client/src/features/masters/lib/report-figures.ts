import type { TMasterMeasurements } from '../../../../../src/modules/masters/masters.schemas.js';
import { platformGain, type PlatformGain, type PlatformRule } from '../../../../../src/modules/platforms/platforms.schemas.js';

/** The figures of one version (original or master) that the report card compares. */
export interface LoudnessFigures {
  /** Integrated loudness, LUFS (ITU-R BS.1770-4). */
  lufs: number | null;
  /** Loudness range, LU (EBU Tech 3342). */
  lra: number | null;
  /** True peak, dBTP. */
  truePeak: number | null;
  /** Crest factor, dB: sample peak over RMS as the engine measures it. */
  crest: number | null;
  /**
   * When the engine sent no crest factor: the peak-to-loudness ratio (true peak minus integrated
   * loudness), a close relative that the card labels as such.
   */
  plr: number | null;
}

export interface EqPoint {
  hz: number;
  db: number;
}

/** What the dynamics budget decided: the style's target and how far short of it the master stayed. */
export interface BudgetFigures {
  targetLufs: number;
  /** LU the master stayed under the target to keep the dynamics (0: target met). */
  heldBackLu: number;
  /** The master kept its mix's loudness where the budget alone would have made it quieter. */
  keptMixLoudness?: boolean;
  /** The mix was already louder than the target: the master is at the target. */
  mixAboveTarget?: boolean;
  /** How far the overs of a mix past the ceiling came down, dB (null: the mix had none). */
  oversRemovedDb?: number | null;
}

/**
 * What the loudness rule did, for the report card's sentence: brought a louder mix to the target,
 * kept a loud mix's loudness (the budget would have turned it down), held back, or reached the
 * target. `oversDb` only where the limiter removed at least 0.1 dB of the mix's own overs.
 */
export type LoudnessOutcome =
  | { kind: 'aboveTarget'; oversDb: number | null }
  | { kind: 'keptMix'; oversDb: number | null }
  | { kind: 'heldBack' }
  | { kind: 'reached' };

export function loudnessOutcomeOf(budget: BudgetFigures): LoudnessOutcome {
  const oversDb = budget.oversRemovedDb !== undefined && budget.oversRemovedDb !== null && budget.oversRemovedDb >= 0.1 ? budget.oversRemovedDb : null;
  if (budget.mixAboveTarget) return { kind: 'aboveTarget', oversDb };
  if (budget.keptMixLoudness) return { kind: 'keptMix', oversDb };
  return budget.heldBackLu >= 0.05 ? { kind: 'heldBack' } : { kind: 'reached' };
}

export interface ReportFigures {
  original: LoudnessFigures | null;
  master: LoudnessFigures | null;
  eq: EqPoint[] | null;
  /** Null for masters bounced before the engine had a dynamics budget. */
  budget: BudgetFigures | null;
  /** A master made toward a reference track: the tonal distance of the mix (before) and of the master (after) to it, dB. */
  reference: ReferenceDistances | null;
}

export interface ReferenceDistances {
  beforeDb: number;
  afterDb: number;
}

type VersionFigures = Pick<TMasterMeasurements, 'lufs' | 'truePeak' | 'lra' | 'crest'> | NonNullable<TMasterMeasurements['original']>;

function figuresOf(source: VersionFigures | undefined): LoudnessFigures | null {
  if (!source) return null;
  const lufs = source.lufs ?? null;
  const truePeak = source.truePeak ?? null;
  const figures: LoudnessFigures = {
    lufs,
    lra: source.lra ?? null,
    truePeak,
    crest: source.crest ?? null,
    plr: lufs !== null && truePeak !== null && lufs > -70 ? truePeak - lufs : null,
  };
  return Object.values(figures).some((value) => value !== null) ? figures : null;
}

/**
 * The report card's figures from the master's measurements (the server's shape, ZMasterMeasurements):
 * the master's own figures at top level, the original's under `original`, the EQ change under `eq`.
 */
export function reportFiguresOf(measurements: TMasterMeasurements | null | undefined): ReportFigures {
  if (!measurements) return { original: null, master: null, eq: null, budget: null, reference: null };
  const { targetLufs, heldBackLu, keptMixLoudness, mixAboveTarget, oversRemovedDb } = measurements;
  const budget =
    targetLufs !== undefined && heldBackLu !== undefined
      ? { targetLufs, heldBackLu, ...(keptMixLoudness !== undefined ? { keptMixLoudness } : {}), ...(mixAboveTarget !== undefined ? { mixAboveTarget } : {}), ...(oversRemovedDb !== undefined ? { oversRemovedDb } : {}) }
      : null;
  const distances = measurements.reference;
  // A silent mix or reference has no distance: nothing to show.
  const reference = distances && distances.distanceBeforeDb !== null && distances.distanceAfterDb !== null ? { beforeDb: distances.distanceBeforeDb, afterDb: distances.distanceAfterDb } : null;
  return { original: figuresOf(measurements.original), master: figuresOf(measurements), eq: eqOf(measurements.eq), budget, reference };
}

function eqOf(curve: TMasterMeasurements['eq']): EqPoint[] | null {
  if (!curve) return null;
  const points = curve.frequencies
    .map((hz, i) => ({ hz, db: curve.gainsDb[i] ?? NaN }))
    .filter((p) => Number.isFinite(p.hz) && p.hz > 0 && Number.isFinite(p.db))
    .sort((a, b) => a.hz - b.hz);
  return points.length >= 2 ? points : null;
}

/** What a platform's loudness normalisation does to a version with these figures (null: silent or unmeasured). */
export function normalisationOf(figures: LoudnessFigures | null, rule: PlatformRule): PlatformGain | null {
  if (!figures || figures.lufs === null) return null;
  return platformGain(rule, { lufs: figures.lufs, truePeak: figures.truePeak });
}
