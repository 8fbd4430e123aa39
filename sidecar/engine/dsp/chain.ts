import { highPass, highShelf, lowPass, lowShelf, peaking, runBiquad, runBiquadPair, type BiquadCoefficients } from './biquad.js';
import { applyGainOversampled, createOversampledGain, OVERSAMPLED_GAIN_LATENCY, type OversampledGain } from './half-band.js';
import { createMultiband, runMultiband, type Multiband, type MultibandParams } from './multiband.js';
import { DETECTOR_LATENCY, DETECTOR_TAPS, peakEnvelopeOfPadded } from './peak-detector.js';

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
  /** Corner of the 4th-order Butterworth high-pass that removes rumble and DC (0: none). */
  highPassHz: number;
  eqGainsDb: BandGains;
  /**
   * M/S equalisation after the EQ, on the side signal only: a high shelf at SIDE_AIR_HZ (air on
   * the sides) and a low shelf at SIDE_BASS_HZ (a cut keeps the low end in the middle), dB.
   */
  midSide: { sideAirDb: number; sideBassDb: number };
  preGainDb: number;
  /** Three-band compressor ahead of the full-band one (dsp/multiband.ts); null: none. */
  multiband: MultibandParams | null;
  compressor: {
    /**
     * Threshold of the RMS detector at zero pre-gain, dBFS. The pre-gain moves it along, so it
     * stays at the same place relative to the track's own loudness: how much the compressor works
     * is decided by the style's ratio and threshold, not by how far the track is pushed.
     */
    thresholdDbfs: number;
    ratio: number;
    kneeDb: number;
    attackMs: number;
    releaseMs: number;
    /** Time constant of the mean-square detector. */
    detectorMs: number;
    /** Corner of the side-chain high-pass: the bass does not pump the mix. */
    sidechainHz: number;
  };
  /** Soft-saturation blend 0..1. */
  saturation: number;
  /**
   * Level the saturation's curve is scaled to, dBFS at zero pre-gain (moves with the pre-gain like
   * the compressor's threshold): the drive depends on the style, not on how loud the track is.
   */
  saturationReferenceDbfs: number;
  /** Side gain of the M/S stage above WIDTH_BASS_HZ (the bass below it keeps its own width). */
  width: number;
  limiter: {
    /** Ceiling the limiter holds the 4x-oversampled peaks to, dBTP (the style's ceiling minus a margin). */
    ceilingDbtp: number;
    lookaheadMs: number;
    /** How long a reduction is held after the peak that asked for it passed. */
    holdMs: number;
    /** Release after a short reduction (a transient). */
    releaseFastMs: number;
    /** Release after a sustained reduction (a dense passage): no audible pumping. */
    releaseSlowMs: number;
  };
}

/** Corners of the M/S stage's side shelves. */
export const SIDE_AIR_HZ = 8000;
export const SIDE_BASS_HZ = 120;

/** The width stage leaves the side signal below this frequency as it is (bass stays centred). */
export const WIDTH_BASS_HZ = 120;
/** Limiter gain reduction histogram: 0.1 dB bins up to 40 dB. */
export const LIMITER_HISTOGRAM_BINS = 400;

export function eqFilters(eqGainsDb: BandGains, highPassHz: number, sampleRate: number): BiquadCoefficients[] {
  // 4th-order Butterworth = two biquads with Q 0.5412 and 1.3066.
  const filters = highPassHz > 0 ? [highPass(highPassHz, 0.5411961, sampleRate), highPass(highPassHz, 1.3065630, sampleRate)] : [];
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
  /** The M/S stage's side shelves (none for a mono source or a flat setting), their state and a side buffer. */
  readonly sideFilters: BiquadCoefficients[];
  readonly sideState: Float64Array;
  readonly side: Float32Array;
  readonly multiband: Multiband | null;
  /** Side-chain high-pass of the compressor's detector. */
  readonly sidechain: BiquadCoefficients;
  /** Low-pass of the saturation's band: half of a Linkwitz-Riley (LR4) low-pass (Butterworth Q), run twice. */
  readonly crossoverLow: BiquadCoefficients;
  /** High-pass of the side signal that the width stage scales. */
  readonly widthHighPass: BiquadCoefficients;
  /**
   * Compressor and colour state: [mean square, gain reduction dB, applied gain, slow gain
   * reduction dB, side-chain L (2), side-chain R (2), saturation low-pass L (4), unused (4),
   * saturation low-pass R (4), unused (4), width side (2)].
   */
  readonly compState: Float64Array;
  readonly lookahead: number;
  /**
   * The limiter's gain applied at 2x through half-band filters (dsp/half-band.ts); null: at the
   * base rate (the fit's loudness estimates, which it does not change measurably).
   */
  readonly oversampledGain: OversampledGain | null;
  /** The limiter's delayed input and gain for one block, before the oversampled stage. */
  readonly delayedL: Float32Array;
  readonly delayedR: Float32Array;
  readonly gainBlock: Float32Array;
  /** Frames between an input sample and its output (limiter lookahead, the detector's and the oversampled gain stage's latency). */
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
  /** [input counter, deque head, deque tail, box sum, box position, released gain, delay position, sustained gain, group min] */
  readonly limiterState: Float64Array;
  /**
   * What the dynamics did, for the fit's budget: limiter gain reduction histogram (frames per
   * 0.1 dB bin) and [sum of compressor gain reduction dB over frames, frames].
   */
  readonly limiterHistogram: Float64Array;
  readonly compressorStats: Float64Array;
}

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(n));
const BUTTERWORTH_Q = Math.SQRT1_2;
/** Saturation crossover: only the low band is saturated, so its harmonics stay far below Nyquist (no aliasing). */
export const SATURATION_CROSSOVER_HZ = 250;

export function createChain(params: ChainParams, options: { mono: boolean; sampleRate?: number; oversampledGain?: boolean }): Chain {
  const sampleRate = options.sampleRate ?? 44100;
  const filters = eqFilters(params.eqGainsDb, params.highPassHz, sampleRate);
  const lookahead = Math.max(1, Math.round((params.limiter.lookaheadMs / 1000) * sampleRate));
  const hold = Math.max(0, Math.round((params.limiter.holdMs / 1000) * sampleRate));
  const oversampled = options.oversampledGain ?? true;
  const limiterLatency = lookahead + DETECTOR_LATENCY - 1;
  const latency = limiterLatency + (oversampled ? OVERSAMPLED_GAIN_LATENCY : 0);
  const dequeSize = nextPow2(lookahead + hold + 2);
  const delaySize = nextPow2(limiterLatency + 1);
  const box = new Float64Array(lookahead);
  const sideFilters: BiquadCoefficients[] = [];
  if (!options.mono) {
    if (Math.abs(params.midSide.sideBassDb) >= 1e-3) sideFilters.push(lowShelf(SIDE_BASS_HZ, 0.8, params.midSide.sideBassDb, sampleRate));
    if (Math.abs(params.midSide.sideAirDb) >= 1e-3) sideFilters.push(highShelf(SIDE_AIR_HZ, 0.8, params.midSide.sideAirDb, sampleRate));
  }
  const chain: Chain = {
    params,
    sampleRate,
    mono: options.mono,
    filters,
    filterState: new Float64Array(filters.length * 4),
    sideFilters,
    sideState: new Float64Array(sideFilters.length * 4),
    side: new Float32Array(sideFilters.length > 0 ? CHAIN_BLOCK : 0),
    multiband: params.multiband ? createMultiband(params.multiband, { mono: options.mono, sampleRate, blockSize: CHAIN_BLOCK }) : null,
    sidechain: highPass(params.compressor.sidechainHz, BUTTERWORTH_Q, sampleRate),
    crossoverLow: lowPass(SATURATION_CROSSOVER_HZ, BUTTERWORTH_Q, sampleRate),
    widthHighPass: highPass(WIDTH_BASS_HZ, BUTTERWORTH_Q, sampleRate),
    compState: Float64Array.from([0, 0, 1, 0, ...new Array<number>(22).fill(0)]),
    lookahead,
    oversampledGain: oversampled ? createOversampledGain(CHAIN_BLOCK) : null,
    delayedL: new Float32Array(CHAIN_BLOCK),
    delayedR: new Float32Array(CHAIN_BLOCK),
    gainBlock: new Float32Array(CHAIN_BLOCK),
    latency,
    paddedL: new Float32Array(CHAIN_BLOCK + DETECTOR_TAPS - 1),
    paddedR: new Float32Array(CHAIN_BLOCK + DETECTOR_TAPS - 1),
    envL: new Float32Array(CHAIN_BLOCK),
    envR: new Float32Array(CHAIN_BLOCK),
    dequeIndex: new Float64Array(dequeSize),
    dequeValue: new Float64Array(dequeSize),
    box,
    delayL: new Float32Array(delaySize),
    delayR: new Float32Array(delaySize),
    limiterState: new Float64Array(9),
    limiterHistogram: new Float64Array(LIMITER_HISTOGRAM_BINS),
    compressorStats: new Float64Array(2),
  };
  resetLimiter(chain);
  return chain;
}

/** High-pass, EQ and M/S EQ, in place (linear, so an excerpt's result can be reused across gain trials). */
export function runLinearStage(chain: Chain, left: Float32Array, right: Float32Array, count: number): void {
  runCascade(chain.filters, chain.filterState, 0, left, count);
  if (chain.mono) {
    right.set(left.subarray(0, count));
    return;
  }
  runCascade(chain.filters, chain.filterState, 2, right, count);
  if (chain.sideFilters.length === 0) return;
  const side = chain.side;
  for (let i = 0; i < count; i++) side[i] = (left[i]! - right[i]!) * 0.5;
  runCascade(chain.sideFilters, chain.sideState, 0, side, count);
  for (let i = 0; i < count; i++) {
    const mid = (left[i]! + right[i]!) * 0.5;
    left[i] = mid + side[i]!;
    right[i] = mid - side[i]!;
  }
}

/** The filters in order over one channel, two per pass (filter f's state at f * 4 + channelOffset). */
function runCascade(filters: readonly BiquadCoefficients[], state: Float64Array, channelOffset: number, samples: Float32Array, count: number): void {
  let f = 0;
  for (; f + 1 < filters.length; f += 2) runBiquadPair(filters[f]!, filters[f + 1]!, state, f * 4 + channelOffset, (f + 1) * 4 + channelOffset, samples, count);
  if (f < filters.length) runBiquad(filters[f]!, state, f * 4 + channelOffset, samples, count);
}

/**
 * The compressor's release adapts: the style's release after a transient (a reduction deeper than
 * the recent average), this many times slower once the reduction is sustained, so the gain does
 * not follow every beat (gain riding).
 */
export const SUSTAINED_RELEASE_FACTOR = 3;

/** Padé approximant of tanh (exact at 0, reaches ±1 at ±3), the saturation curve. */
const softClip = (x: number) => (x >= 3 ? 1 : x <= -3 ? -1 : (x * (27 + x * x)) / (27 + 9 * x * x));

/**
 * Three-band compressor (where the style has one), pre-gain, compressor, saturation and M/S
 * width, in place. The three-band compressor's gain reduction (power-weighted across its bands)
 * counts into the compressor's statistics: the budget covers both.
 *
 * Compressor: feed-forward, stereo linked, RMS detector behind a side-chain high-pass (so the bass
 * does not pump the mix), soft-knee gain computer and branching attack/release smoothing in the
 * log domain (Giannoulis, Massberg and Reiss, "Digital Dynamic Range Compressor Design - A
 * Tutorial and Analysis", JAES 2012). Its threshold moves with the pre-gain, i.e. it sits relative
 * to the track's own loudness. The release adapts: a reduction deeper than the recent average (a
 * transient) recovers at the style's release, a sustained one SUSTAINED_RELEASE_FACTOR times slower.
 *
 * Saturation: only the band below SATURATION_CROSSOVER_HZ (Linkwitz-Riley LR4 low-pass) passes a
 * Padé tanh scaled to the style's reference level, and only what the curve changes is added to
 * the dry signal: warmth on the low end whose harmonics stay far below Nyquist, so nothing
 * aliases; the highs (a vocal, a cymbal) never intermodulate with the bass; and below the curve's
 * knee the track passes untouched (a split and sum would turn its phase around the crossover).
 *
 * Width: only the side signal above WIDTH_BASS_HZ is scaled, so the bass stays where the mix put it.
 */
export function runColourStage(chain: Chain, left: Float32Array, right: Float32Array, count: number): void {
  // Before the pre-gain: the bands' thresholds are set at the track's own level.
  if (chain.multiband) {
    runMultiband(chain.multiband, left, right, count, chain.sampleRate);
    chain.compressorStats[0] = chain.compressorStats[0]! + chain.multiband.stats[0]!;
    chain.multiband.stats[0] = 0;
    chain.multiband.stats[1] = 0;
  }
  const gains = COLOUR_SCRATCH.gains;
  compressorGains(chain, left, right, count, gains);
  const p = chain.params;
  const widthExtra = p.width - 1;
  // Without the width stage a channel's result goes straight back; with it, it waits in double precision.
  const widen = widthExtra !== 0 && !chain.mono;
  saturateChannel(chain, 0, left, gains, count, widen ? COLOUR_SCRATCH.left : null);
  if (chain.mono) {
    right.set(left.subarray(0, count));
    return;
  }
  saturateChannel(chain, 1, right, gains, count, widen ? COLOUR_SCRATCH.right : null);
  if (!widen) return;
  const st = chain.compState;
  const wh = chain.widthHighPass;
  const wb0 = wh.b0, wb1 = wh.b1, wb2 = wh.b2, wa1 = wh.a1, wa2 = wh.a2;
  let w0 = st[24]!, w1 = st[25]!;
  const wetL = COLOUR_SCRATCH.left;
  const wetR = COLOUR_SCRATCH.right;
  for (let i = 0; i < count; i++) {
    const l = wetL[i]!;
    const r = wetR[i]!;
    const mid = (l + r) * 0.5;
    const side = (l - r) * 0.5;
    const high = wb0 * side + w0;
    w0 = wb1 * side - wa1 * high + w1;
    w1 = wb2 * side - wa2 * high;
    const wide = side + widthExtra * high;
    left[i] = mid + wide;
    right[i] = mid - wide;
  }
  st[24] = w0;
  st[25] = w1;
}

/**
 * The colour stage's per-frame gain and its saturation's and width's results before they go back
 * to float (a stage call runs to its end, so one set serves every chain of the thread).
 */
const COLOUR_SCRATCH = {
  gains: new Float64Array(CHAIN_BLOCK),
  left: new Float64Array(CHAIN_BLOCK),
  right: new Float64Array(CHAIN_BLOCK),
};

/**
 * The pre-gain, applied to `left`/`right` in place, and the compressor's gain for each frame into
 * `gains`: the detector runs per sample, the gain computer once per GROUP samples, the gain
 * interpolated linearly in between.
 */
function compressorGains(chain: Chain, left: Float32Array, right: Float32Array, count: number, gains: Float64Array): void {
  const p = chain.params;
  const fs = chain.sampleRate;
  const gain = Math.pow(10, p.preGainDb / 20);
  const c = p.compressor;
  const detector = 1 - Math.exp(-1000 / (c.detectorMs * fs));
  // Attack/release coefficients are per group.
  const GROUP = 8;
  const attackGroup = Math.exp((-1000 * GROUP) / (c.attackMs * fs));
  const releaseGroup = Math.exp((-1000 * GROUP) / (c.releaseMs * SUSTAINED_RELEASE_FACTOR * fs));
  const fastReleaseGroup = Math.exp((-1000 * GROUP) / (c.releaseMs * fs));
  const averageGroup = Math.exp((-1000 * GROUP) / (4 * SUSTAINED_RELEASE_FACTOR * c.releaseMs * fs));
  const threshold = c.thresholdDbfs + p.preGainDb;
  const bypass = c.ratio <= 1;
  const slope = 1 / c.ratio - 1;
  const knee = Math.max(c.kneeDb, 1e-6);
  const halfKnee = knee / 2;
  const kneeFloor = threshold - halfKnee;
  const dbToNeper = Math.LN10 / 20;
  const st = chain.compState;
  let ms = st[0]!;
  let gr = st[1]!;
  let applied = st[2]!;
  let average = st[3]!;
  // The side-chain filter's coefficients and state in locals (the hot loop), transposed direct form II.
  const sc = chain.sidechain;
  const sb0 = sc.b0, sb1 = sc.b1, sb2 = sc.b2, sa1 = sc.a1, sa2 = sc.a2;
  let scl0 = st[4]!, scl1 = st[5]!, scr0 = st[6]!, scr1 = st[7]!;
  const mono = chain.mono;
  let grSum = 0;
  for (let i0 = 0; i0 < count; i0 += GROUP) {
    const i1 = i0 + GROUP < count ? i0 + GROUP : count;
    if (bypass) {
      for (let i = i0; i < i1; i++) {
        left[i] = left[i]! * gain;
        right[i] = right[i]! * gain;
      }
    } else {
      for (let i = i0; i < i1; i++) {
        const l = left[i]! * gain;
        const r = right[i]! * gain;
        const hl = sb0 * l + scl0;
        scl0 = sb1 * l - sa1 * hl + scl1;
        scl1 = sb2 * l - sa2 * hl;
        let hr = hl;
        if (!mono) {
          hr = sb0 * r + scr0;
          scr0 = sb1 * r - sa1 * hr + scr1;
          scr1 = sb2 * r - sa2 * hr;
        }
        ms += detector * ((hl * hl + hr * hr) * 0.5 - ms);
        left[i] = l;
        right[i] = r;
      }
    }
    // Below the knee there is no gain reduction, so the logarithm is only taken above it.
    let target = 0;
    if (!bypass && ms > 1e-12) {
      const level = 4.342944819032518 * Math.log(ms); // 10*log10(ms)
      if (level > kneeFloor) {
        const over = level - threshold;
        target = over >= halfKnee ? -slope * over : (-slope * (over + halfKnee) * (over + halfKnee)) / (2 * knee);
      }
    }
    const len = i1 - i0;
    const coefficient = target > gr ? attackGroup : gr > average + 1 ? fastReleaseGroup : releaseGroup;
    const a = len === GROUP ? coefficient : Math.pow(coefficient, len / GROUP);
    gr = a * gr + (1 - a) * target;
    average = averageGroup * average + (1 - averageGroup) * gr;
    grSum += gr * len;
    const next = gr > 1e-6 ? Math.exp(-gr * dbToNeper) : 1;
    const step = (next - applied) / len;
    for (let i = i0, k = 1; i < i1; i++, k++) gains[i] = applied + step * k;
    applied = next;
  }
  st[0] = ms;
  st[1] = gr;
  st[2] = applied;
  st[3] = average;
  st[4] = scl0; st[5] = scl1; st[6] = scr0; st[7] = scr1;
  chain.compressorStats[0] = chain.compressorStats[0]! + grSum;
  chain.compressorStats[1] = chain.compressorStats[1]! + count;
}

/**
 * One channel times the compressor's `gains`, through the saturation: the LR4 low-pass is two
 * Butterworth sections, and what the curve changes in that band is added to the dry signal. The
 * result goes to `wet` (for the width stage) or, without it, back to `samples`. Low-pass state at
 * `compState[8 + 8 * channel..]`.
 */
function saturateChannel(chain: Chain, channel: 0 | 1, samples: Float32Array, gains: Float64Array, count: number, wet: Float64Array | null): void {
  const p = chain.params;
  const sat = p.saturation;
  const reference = Math.pow(10, (p.saturationReferenceDbfs + p.preGainDb) / 20);
  const inverseReference = 1 / reference;
  const st = chain.compState;
  const lo = chain.crossoverLow;
  const lb0 = lo.b0, lb1 = lo.b1, lb2 = lo.b2, la1 = lo.a1, la2 = lo.a2;
  const o = 8 + 8 * channel;
  let l0 = st[o]!, l1 = st[o + 1]!, l2 = st[o + 2]!, l3 = st[o + 3]!;
  for (let i = 0; i < count; i++) {
    let x = samples[i]! * gains[i]!;
    if (sat > 0) {
      const y = lb0 * x + l0;
      l0 = lb1 * x - la1 * y + l1;
      l1 = lb2 * x - la2 * y;
      const low = lb0 * y + l2;
      l2 = lb1 * y - la1 * low + l3;
      l3 = lb2 * y - la2 * low;
      x += sat * (reference * softClip(low * inverseReference) - low);
    }
    if (wet) wet[i] = x;
    else samples[i] = x;
  }
  st[o] = l0; st[o + 1] = l1; st[o + 2] = l2; st[o + 3] = l3;
}

/**
 * Lookahead brickwall limiter. The gain computer reads every 4x-oversampled (true) peak (a
 * 32-tap-per-phase Kaiser-windowed sinc, peak-detector.ts): the gain each base-rate frame needs is
 * the smallest its four 4x samples ask for. Required gain -> sliding minimum over lookahead + hold
 * + 1 frames (the reduction is held as long after a peak as it started before it) ->
 * program-dependent release -> moving average over the lookahead. The release is fast while the
 * reduction is deeper than its recent average (a transient: it recovers before it is heard) and
 * slow once the reduction is sustained (a dense passage: no pumping). The delay of lookahead +
 * DETECTOR_LATENCY - 1 frames makes every output sample's gain at most the gain its neighbourhood
 * requires. The gain is then applied at 2x through half-band filters (half-band.ts), unless the
 * chain was made without (the fit's estimates). Output is `chain.latency` frames late; writes
 * `count` frames to out*.
 */
export function runLimiterStage(chain: Chain, left: Float32Array, right: Float32Array, count: number, outLeft: Float32Array, outRight: Float32Array): void {
  const peaks = limiterPeaks(chain, left, right, count, Math.pow(10, chain.params.limiter.ceilingDbtp / 20));
  runLimiterOnPeaks(chain, left, right, peaks, 1, count, outLeft, outRight);
}

/**
 * The limiter's detector over one block (its history kept in `chain`): per frame, the larger of
 * the two channels' 4x-oversampled peak envelopes; values that cannot exceed `floor` read as
 * `floor`. Returns a view of the chain's buffer, valid until the next call.
 */
export function limiterPeaks(chain: Chain, left: Float32Array, right: Float32Array, count: number, floor: number): Float32Array {
  const history = DETECTOR_TAPS - 1;
  const pl = chain.paddedL;
  const pr = chain.paddedR;
  const envL = chain.envL;
  const envR = chain.envR;
  pl.set(left.subarray(0, count), history);
  peakEnvelopeOfPadded(pl, count, floor, envL);
  if (!chain.mono) {
    pr.set(right.subarray(0, count), history);
    peakEnvelopeOfPadded(pr, count, floor, envR);
    for (let i = 0; i < count; i++) if (envR[i]! > envL[i]!) envL[i] = envR[i]!;
    pr.copyWithin(0, count, count + history);
  }
  pl.copyWithin(0, count, count + history);
  return envL.subarray(0, count);
}

/**
 * The limiter's gain computer and gain stage, driven by `peaks` (limiterPeaks of the signal before
 * `scale`, with a floor at or under ceiling / scale) on `left`/`right` times `scale`. The fit's
 * gain trials use it to scale one colour-stage output (that stage is scale-invariant: its
 * threshold and saturation level move with the pre-gain) instead of running it and the detector
 * again for every trial.
 */
export function runLimiterOnPeaks(
  chain: Chain,
  left: Float32Array,
  right: Float32Array,
  peaks: Float32Array,
  scale: number,
  count: number,
  outLeft: Float32Array,
  outRight: Float32Array,
  /** false: only the gains are computed (into chain.gainBlock, for output frames 0..count), no audio. */
  audio = true,
): void {
  const limiter = chain.params.limiter;
  const ceiling = Math.pow(10, limiter.ceilingDbtp / 20);
  const hold = Math.max(0, Math.round((limiter.holdMs / 1000) * chain.sampleRate));
  const window = chain.lookahead + hold + 1;
  const boxLength = chain.lookahead;
  const box = chain.box;
  const dequeIndex = chain.dequeIndex;
  const dequeValue = chain.dequeValue;
  const dequeMask = dequeIndex.length - 1;
  const delayL = chain.delayL;
  const delayR = chain.delayR;
  const delayMask = delayL.length - 1;
  const latency = chain.latency - (chain.oversampledGain ? OVERSAMPLED_GAIN_LATENCY : 0);
  const delayedL = chain.delayedL;
  const delayedR = chain.delayedR;
  const gainBlock = chain.gainBlock;
  const fast = 1 - Math.exp(-1000 / (limiter.releaseFastMs * chain.sampleRate));
  const slow = 1 - Math.exp(-1000 / (limiter.releaseSlowMs * chain.sampleRate));
  // The recent average the release compares against: about as long as the slow release.
  const averaging = 1 - Math.exp(-1000 / (limiter.releaseSlowMs * chain.sampleRate));
  const histogram = chain.limiterHistogram;
  const st = chain.limiterState;
  let n = st[0]!;
  let head = st[1]!;
  let tail = st[2]!;
  let boxSum = st[3]!;
  let boxPosition = st[4]!;
  let released = st[5]!;
  let delayPosition = st[6]!;
  let sustained = st[7]!;
  let groupMin = st[8]!;
  const idleDecay = Math.pow(1 - averaging, 32);
  const quiet = ceiling / scale;
  for (let i = 0; i < count; i++, n++) {
    // Idle groups of 32 frames (no reduction held, none released, none coming): the gain is 1
    // throughout, so only the delay line and the state's bookkeeping move. A release within
    // -120 dB of the end counts as over.
    if ((n & 31) === 0 && i + 32 <= count && released >= 1 - 1e-6 && tail > head && dequeValue[head & dequeMask] === 1) {
      let idle = true;
      for (let k = i; k < i + 32; k++) {
        if (peaks[k]! > quiet) {
          idle = false;
          break;
        }
      }
      if (idle && boxSum < boxLength - 1e-6) idle = false;
      if (idle) {
        released = 1;
        if (boxSum !== boxLength) {
          box.fill(1);
          boxSum = boxLength;
        }
        sustained = 1 - (1 - sustained) * idleDecay;
        tail = head;
        dequeIndex[tail & dequeMask] = n + 31;
        dequeValue[tail & dequeMask] = 1;
        tail++;
        boxPosition = (boxPosition + 32) % boxLength;
        histogram[0] = histogram[0]! + 32;
        if (!audio) {
          gainBlock.fill(1, i, i + 32);
          i += 31;
          n += 31;
          continue;
        }
        for (let k = i; k < i + 32; k++) {
          delayL[delayPosition] = left[k]! * scale;
          delayR[delayPosition] = right[k]! * scale;
          const from = (delayPosition - latency) & delayMask;
          delayedL[k] = delayL[from]!;
          delayedR[k] = delayR[from]!;
          gainBlock[k] = 1;
          delayPosition = (delayPosition + 1) & delayMask;
        }
        i += 31;
        n += 31;
        continue;
      }
    }
    const peak = peaks[i]! * scale;
    const required = peak > ceiling ? ceiling / peak : 1;
    while (tail > head && dequeValue[(tail - 1) & dequeMask]! >= required) tail--;
    dequeIndex[tail & dequeMask] = n;
    dequeValue[tail & dequeMask] = required;
    tail++;
    while (dequeIndex[head & dequeMask]! <= n - window) head++;
    const held = dequeValue[head & dequeMask]!;
    released = held < released ? held : released + (held - released) * (released < sustained ? fast : slow);
    sustained += (released - sustained) * averaging;
    boxSum += released - box[boxPosition]!;
    box[boxPosition] = released;
    boxPosition = boxPosition + 1 === boxLength ? 0 : boxPosition + 1;
    const g = boxSum / boxLength;
    if (g < groupMin) groupMin = g;
    if ((n & 31) === 31) {
      // The histogram counts 32-frame groups by their deepest reduction (a log per group, not per sample).
      const bin = groupMin >= 1 ? 0 : Math.min(LIMITER_HISTOGRAM_BINS - 1, Math.floor(-200 * Math.log10(groupMin)));
      histogram[bin] = histogram[bin]! + 32;
      groupMin = 1;
    }
    gainBlock[i] = g;
    if (!audio) continue;
    delayL[delayPosition] = left[i]! * scale;
    delayR[delayPosition] = right[i]! * scale;
    const from = (delayPosition - latency) & delayMask;
    delayedL[i] = delayL[from]!;
    delayedR[i] = delayR[from]!;
    delayPosition = (delayPosition + 1) & delayMask;
  }
  // A gains-only chain (audio false) keeps no delay line: it is never asked for audio.
  if (audio && chain.oversampledGain) {
    applyGainOversampled(chain.oversampledGain, delayedL, delayedR, gainBlock, count, chain.mono, outLeft, outRight);
  } else if (audio) {
    for (let i = 0; i < count; i++) {
      outLeft[i] = delayedL[i]! * gainBlock[i]!;
      outRight[i] = delayedR[i]! * gainBlock[i]!;
    }
  }
  st[0] = n;
  st[1] = head;
  st[2] = tail;
  st[3] = boxSum;
  st[4] = boxPosition;
  st[5] = released;
  st[6] = delayPosition;
  st[7] = sustained;
  st[8] = groupMin;
}

/**
 * Puts the limiter's gain stage (runLimiterOnPeaks) back to its start: no reduction, empty delay
 * line, empty histogram. The fit reuses one chain per excerpt segment across its gain trials.
 */
export function resetLimiter(chain: Chain): void {
  chain.box.fill(1);
  chain.delayL.fill(0);
  chain.delayR.fill(0);
  chain.limiterState.set([0, 0, 0, chain.lookahead, 0, 1, 0, 1, 1]);
  chain.limiterHistogram.fill(0);
}

/** Limiter gain reduction (dB) that `quantile` of the frames stay at or under. */
export function limiterReductionAt(histogram: Float64Array, quantile: number): number {
  let total = 0;
  for (let b = 0; b < histogram.length; b++) total += histogram[b]!;
  if (total === 0) return 0;
  let below = 0;
  for (let b = 0; b < histogram.length; b++) {
    below += histogram[b]!;
    if (below >= quantile * total) return b / 10;
  }
  return (histogram.length - 1) / 10;
}

/** Mean compressor gain reduction, dB. */
export const meanCompression = (stats: Float64Array): number => (stats[1]! > 0 ? stats[0]! / stats[1]! : 0);
