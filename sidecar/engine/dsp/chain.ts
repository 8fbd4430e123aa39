import { highPass, highShelf, lowShelf, peaking, runBiquad, runBiquadPair, type BiquadCoefficients } from './biquad.js';
import { TRUE_PEAK_LATENCY, TRUE_PEAK_TAPS, truePeakEnvelopeOfPadded } from '../meter/true-peak.js';

/** Largest number of frames one stage call handles. */
export const CHAIN_BLOCK = 4096;

export type ToneBand = 'low' | 'lowMid' | 'mid' | 'highMid' | 'high';
export const TONE_BANDS: readonly ToneBand[] = ['low', 'lowMid', 'mid', 'highMid', 'high'];
export type BandGains = Record<ToneBand, number>;

/**
 * The EQ's five bands: a low shelf, three peaking filters and a high shelf, placed at the centres
 * of the analysis bands (analysis.ts) so a band's correction mostly moves that band.
 */
export const EQ_BANDS = {
  low: { kind: 'lowShelf', frequency: 120, shape: 0.8 },
  lowMid: { kind: 'peaking', frequency: 300, shape: 0.9 },
  mid: { kind: 'peaking', frequency: 1000, shape: 0.8 },
  highMid: { kind: 'peaking', frequency: 3500, shape: 0.9 },
  high: { kind: 'highShelf', frequency: 8000, shape: 0.8 },
} as const satisfies Record<ToneBand, { kind: string; frequency: number; shape: number }>;

export interface ChainParams {
  /** Corner of the 4th-order Butterworth high-pass that removes rumble and DC. */
  highPassHz: number;
  eqGainsDb: BandGains;
  preGainDb: number;
  compressor: {
    /** Threshold of the RMS detector, absolute dBFS. */
    thresholdDbfs: number;
    ratio: number;
    kneeDb: number;
    attackMs: number;
    releaseMs: number;
    /** Time constant of the mean-square detector. */
    detectorMs: number;
  };
  /** Soft-saturation blend 0..1. */
  saturation: number;
  /** Side gain of the M/S stage. */
  width: number;
  limiter: {
    /** Ceiling the limiter holds the 4x-oversampled peaks to, dBTP (the style's ceiling minus a margin). */
    ceilingDbtp: number;
    lookaheadMs: number;
    releaseMs: number;
  };
}

export function eqFilters(eqGainsDb: BandGains, highPassHz: number, sampleRate: number): BiquadCoefficients[] {
  // 4th-order Butterworth = two biquads with Q 0.5412 and 1.3066.
  const filters = [highPass(highPassHz, 0.5411961, sampleRate), highPass(highPassHz, 1.3065630, sampleRate)];
  for (const band of TONE_BANDS) {
    const gain = eqGainsDb[band];
    if (Math.abs(gain) < 1e-3) continue;
    const spec = EQ_BANDS[band];
    if (spec.kind === 'lowShelf') filters.push(lowShelf(spec.frequency, spec.shape, gain, sampleRate));
    else if (spec.kind === 'highShelf') filters.push(highShelf(spec.frequency, spec.shape, gain, sampleRate));
    else filters.push(peaking(spec.frequency, spec.shape, gain, sampleRate));
  }
  return filters;
}

export interface Chain {
  readonly params: ChainParams;
  readonly sampleRate: number;
  /** Mono source: both channels carry the same samples, so the linear stage runs once and copies. */
  readonly mono: boolean;
  readonly filters: BiquadCoefficients[];
  readonly filterState: Float64Array;
  /** [mean square, smoothed gain reduction dB, last applied linear gain] of the compressor. */
  readonly compState: Float64Array;
  readonly lookahead: number;
  /** Frames between an input sample and its output (limiter lookahead plus true-peak latency). */
  readonly latency: number;
  readonly paddedL: Float32Array;
  readonly paddedR: Float32Array;
  readonly envL: Float32Array;
  readonly envR: Float32Array;
  readonly dequeIndex: Float64Array;
  readonly dequeValue: Float64Array;
  readonly box: Float64Array;
  readonly delayL: Float32Array;
  readonly delayR: Float32Array;
  /** [input counter, deque head, deque tail, box sum, box position, released gain, delay position] */
  readonly limiterState: Float64Array;
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(n));

export function createChain(params: ChainParams, options: { mono: boolean; sampleRate?: number }): Chain {
  const sampleRate = options.sampleRate ?? 44100;
  const filters = eqFilters(params.eqGainsDb, params.highPassHz, sampleRate);
  const lookahead = Math.max(1, Math.round((params.limiter.lookaheadMs / 1000) * sampleRate));
  const latency = lookahead + TRUE_PEAK_LATENCY - 1;
  const dequeSize = nextPow2(lookahead + 2);
  const delaySize = nextPow2(latency + 1);
  const box = new Float64Array(lookahead).fill(1);
  return {
    params,
    sampleRate,
    mono: options.mono,
    filters,
    filterState: new Float64Array(filters.length * 4),
    compState: Float64Array.from([0, 0, 1]),
    lookahead,
    latency,
    paddedL: new Float32Array(CHAIN_BLOCK + TRUE_PEAK_TAPS - 1),
    paddedR: new Float32Array(CHAIN_BLOCK + TRUE_PEAK_TAPS - 1),
    envL: new Float32Array(CHAIN_BLOCK),
    envR: new Float32Array(CHAIN_BLOCK),
    dequeIndex: new Float64Array(dequeSize),
    dequeValue: new Float64Array(dequeSize),
    box,
    delayL: new Float32Array(delaySize),
    delayR: new Float32Array(delaySize),
    limiterState: Float64Array.from([0, 0, 0, lookahead, 0, 1, 0]),
  };
}

/** High-pass and EQ, in place (linear, so an excerpt's result can be reused across gain trials). */
export function runLinearStage(chain: Chain, left: Float32Array, right: Float32Array, count: number): void {
  runCascade(chain.filters, chain.filterState, 0, left, count);
  if (chain.mono) {
    right.set(left.subarray(0, count));
    return;
  }
  runCascade(chain.filters, chain.filterState, 2, right, count);
}

/** The filters in order over one channel, two per pass (filter f's state at f * 4 + channelOffset). */
function runCascade(filters: readonly BiquadCoefficients[], state: Float64Array, channelOffset: number, samples: Float32Array, count: number): void {
  let f = 0;
  for (; f + 1 < filters.length; f += 2) runBiquadPair(filters[f]!, filters[f + 1]!, state, f * 4 + channelOffset, (f + 1) * 4 + channelOffset, samples, count);
  if (f < filters.length) runBiquad(filters[f]!, state, f * 4 + channelOffset, samples, count);
}

/**
 * Pre-gain, compressor, saturation and M/S width, in place. Compressor: feed-forward, stereo
 * linked, RMS detector, soft-knee gain computer and branching attack/release smoothing in the log
 * domain (Giannoulis, Massberg and Reiss, "Digital Dynamic Range Compressor Design - A Tutorial
 * and Analysis", JAES 2012). Saturation: a blend with a Padé tanh approximation.
 */
export function runColourStage(chain: Chain, left: Float32Array, right: Float32Array, count: number): void {
  const p = chain.params;
  const fs = chain.sampleRate;
  const gain = Math.pow(10, p.preGainDb / 20);
  const c = p.compressor;
  const detector = 1 - Math.exp(-1000 / (c.detectorMs * fs));
  // The gain computer runs once per GROUP samples (the detector still runs per sample); the gain
  // is interpolated linearly in between. Attack/release coefficients are per group.
  const GROUP = 8;
  const attackGroup = Math.exp((-1000 * GROUP) / (c.attackMs * fs));
  const releaseGroup = Math.exp((-1000 * GROUP) / (c.releaseMs * fs));
  const threshold = c.thresholdDbfs;
  const slope = 1 / c.ratio - 1;
  const knee = Math.max(c.kneeDb, 1e-6);
  const halfKnee = knee / 2;
  const kneeFloor = threshold - halfKnee;
  const sat = p.saturation;
  const width = p.width;
  const dbToNeper = Math.LN10 / 20;
  const st = chain.compState;
  let ms = st[0]!;
  let gr = st[1]!;
  let applied = st[2]!;
  for (let i0 = 0; i0 < count; i0 += GROUP) {
    const i1 = i0 + GROUP < count ? i0 + GROUP : count;
    for (let i = i0; i < i1; i++) {
      const l = left[i]! * gain;
      const r = right[i]! * gain;
      ms += detector * ((l * l + r * r) * 0.5 - ms);
      left[i] = l;
      right[i] = r;
    }
    // Below the knee there is no gain reduction, so the logarithm is only taken above it.
    let target = 0;
    if (ms > 1e-12) {
      const level = 4.342944819032518 * Math.log(ms); // 10*log10(ms)
      if (level > kneeFloor) {
        const over = level - threshold;
        target = over >= halfKnee ? -slope * over : (-slope * (over + halfKnee) * (over + halfKnee)) / (2 * knee);
      }
    }
    const len = i1 - i0;
    const a = len === GROUP ? (target > gr ? attackGroup : releaseGroup) : Math.pow(target > gr ? attackGroup : releaseGroup, len / GROUP);
    gr = a * gr + (1 - a) * target;
    const next = gr > 1e-6 ? Math.exp(-gr * dbToNeper) : 1;
    const step = (next - applied) / len;
    for (let i = i0, k = 1; i < i1; i++, k++) {
      const g = applied + step * k;
      let l = left[i]! * g;
      let r = right[i]! * g;
      if (sat > 0) {
        const al = l < 0 ? -l : l;
        const ar = r < 0 ? -r : r;
        const tl = al >= 3 ? (l < 0 ? -1 : 1) : (l * (27 + l * l)) / (27 + 9 * l * l);
        const tr = ar >= 3 ? (r < 0 ? -1 : 1) : (r * (27 + r * r)) / (27 + 9 * r * r);
        l += sat * (tl - l);
        r += sat * (tr - r);
      }
      if (width !== 1) {
        const mid = (l + r) * 0.5;
        const side = (l - r) * 0.5 * width;
        l = mid + side;
        r = mid - side;
      }
      left[i] = l;
      right[i] = r;
    }
    applied = next;
  }
  st[0] = ms;
  st[1] = gr;
  st[2] = applied;
}

/**
 * Lookahead brickwall limiter whose detector sees 4x-oversampled (true) peaks (BS.1770-4 Annex 2
 * FIR), so the output's true peak stays at the ceiling. Required gain per sample -> sliding minimum
 * over lookahead+1 samples -> exponential release -> moving average over the lookahead. The delay
 * of lookahead + 5 samples makes every output sample's gain at most the gain its neighbourhood
 * requires: each averaged value is a minimum over a window that contains both detector outputs
 * covering that sample. Output is `chain.latency` frames late; writes `count` frames to out*.
 */
export function runLimiterStage(chain: Chain, left: Float32Array, right: Float32Array, count: number, outLeft: Float32Array, outRight: Float32Array): void {
  const history = TRUE_PEAK_TAPS - 1;
  const ceiling = Math.pow(10, chain.params.limiter.ceilingDbtp / 20);
  const pl = chain.paddedL;
  const pr = chain.paddedR;
  pl.set(left.subarray(0, count), history);
  pr.set(right.subarray(0, count), history);
  truePeakEnvelopeOfPadded(pl, count, ceiling, chain.envL);
  if (chain.mono) chain.envR.set(chain.envL.subarray(0, count));
  else truePeakEnvelopeOfPadded(pr, count, ceiling, chain.envR);
  const envL = chain.envL;
  const envR = chain.envR;
  const window = chain.lookahead + 1;
  const boxLength = chain.lookahead;
  const box = chain.box;
  const dequeIndex = chain.dequeIndex;
  const dequeValue = chain.dequeValue;
  const dequeMask = dequeIndex.length - 1;
  const delayL = chain.delayL;
  const delayR = chain.delayR;
  const delayMask = delayL.length - 1;
  const latency = chain.latency;
  const releaseCoefficient = 1 - Math.exp(-1000 / (chain.params.limiter.releaseMs * chain.sampleRate));
  const st = chain.limiterState;
  let n = st[0]!;
  let head = st[1]!;
  let tail = st[2]!;
  let boxSum = st[3]!;
  let boxPosition = st[4]!;
  let released = st[5]!;
  let delayPosition = st[6]!;
  for (let i = 0; i < count; i++, n++) {
    const peak = envL[i]! > envR[i]! ? envL[i]! : envR[i]!;
    const required = peak > ceiling ? ceiling / peak : 1;
    while (tail > head && dequeValue[(tail - 1) & dequeMask]! >= required) tail--;
    dequeIndex[tail & dequeMask] = n;
    dequeValue[tail & dequeMask] = required;
    tail++;
    while (dequeIndex[head & dequeMask]! <= n - window) head++;
    const held = dequeValue[head & dequeMask]!;
    released = held < released ? held : released + (held - released) * releaseCoefficient;
    boxSum += released - box[boxPosition]!;
    box[boxPosition] = released;
    boxPosition = boxPosition + 1 === boxLength ? 0 : boxPosition + 1;
    const g = boxSum / boxLength;
    delayL[delayPosition] = left[i]!;
    delayR[delayPosition] = right[i]!;
    const from = (delayPosition - latency) & delayMask;
    outLeft[i] = delayL[from]! * g;
    outRight[i] = delayR[from]! * g;
    delayPosition = (delayPosition + 1) & delayMask;
  }
  pl.copyWithin(0, count, count + history);
  pr.copyWithin(0, count, count + history);
  st[0] = n;
  st[1] = head;
  st[2] = tail;
  st[3] = boxSum;
  st[4] = boxPosition;
  st[5] = released;
  st[6] = delayPosition;
}
