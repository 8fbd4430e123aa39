import type { NormalisationTarget } from './normalisation-config.js';

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
}

export interface ReportFigures {
  original: LoudnessFigures | null;
  master: LoudnessFigures | null;
  eq: EqPoint[] | null;
  /** Null for masters bounced before the engine had a dynamics budget. */
  budget: BudgetFigures | null;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const obj = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Engine's nominal band centres for a tone given per band (catalogue tone: low..high). */
const BAND_CENTRES: Record<string, number> = { low: 60, lowMid: 250, mid: 1000, highMid: 4000, high: 12000 };

function figuresOf(source: Record<string, unknown> | null): LoudnessFigures | null {
  if (!source) return null;
  const lufs = num(source.lufs);
  const truePeak = num(source.truePeak);
  const figures: LoudnessFigures = {
    lufs,
    lra: num(source.lra),
    truePeak,
    crest: num(source.crest),
    plr: lufs !== null && truePeak !== null && lufs > -70 ? truePeak - lufs : null,
  };
  return Object.values(figures).some((value) => value !== null) ? figures : null;
}

/**
 * Reads the master's measurements JSON (engine-defined, so every field is optional): the master's
 * own figures at top level, the original's under `original`, the EQ change under `eq` as
 * `{frequencies, gainsDb}`, a list of `{hz, db}`, or per-band gains. Anything missing is null and
 * the card leaves it out.
 */
export function reportFiguresOf(measurements: Record<string, unknown> | null | undefined): ReportFigures {
  const m = measurements ?? null;
  const original = figuresOf(obj(m?.original) ?? obj(m?.source) ?? null);
  const targetLufs = num(m?.targetLufs);
  const heldBackLu = num(m?.heldBackLu);
  const budget = targetLufs !== null && heldBackLu !== null ? { targetLufs, heldBackLu: Math.max(0, heldBackLu) } : null;
  return { original, master: figuresOf(m), eq: eqOf(m?.eq ?? m?.eqCurve), budget };
}

function eqOf(value: unknown): EqPoint[] | null {
  let points: EqPoint[] = [];
  const curve = obj(value);
  if (curve && Array.isArray(curve.frequencies) && Array.isArray(curve.gainsDb)) {
    const gains = curve.gainsDb;
    points = curve.frequencies.map((hz, i) => ({ hz: num(hz) ?? NaN, db: num(gains[i]) ?? NaN }));
  } else if (Array.isArray(value)) {
    points = value.map((p) => ({ hz: num(obj(p)?.hz) ?? NaN, db: num(obj(p)?.db) ?? NaN }));
  } else if (curve) {
    points = Object.entries(curve)
      .filter(([band]) => band in BAND_CENTRES)
      .map(([band, db]) => ({ hz: BAND_CENTRES[band]!, db: num(db) ?? NaN }));
  }
  points = points.filter((p) => Number.isFinite(p.hz) && p.hz > 0 && Number.isFinite(p.db)).sort((a, b) => a.hz - b.hz);
  return points.length >= 2 ? points : null;
}

export interface NormalisationEffect {
  /** Gain the service applies, dB (negative: turned down). */
  gainDb: number;
  /** The service would raise it further but the peak ceiling stops it. */
  peakLimited: boolean;
}

/** What a service's loudness normalisation does to a version with these figures. */
export function normalisationOf(figures: LoudnessFigures | null, target: NormalisationTarget): NormalisationEffect | null {
  if (!figures || figures.lufs === null || figures.lufs <= -70) return null;
  const wanted = target.referenceLufs - figures.lufs;
  if (wanted <= 0) return { gainDb: wanted, peakLimited: false };
  if (!target.boost) return { gainDb: 0, peakLimited: false };
  if (figures.truePeak === null) return { gainDb: wanted, peakLimited: false };
  const headroom = Math.max(0, target.boost.peakCeilingDbtp - figures.truePeak);
  return headroom < wanted ? { gainDb: headroom, peakLimited: true } : { gainDb: wanted, peakLimited: false };
}
