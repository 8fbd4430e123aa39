import { CHAIN_BLOCK } from './dsp/chain.js';
import { createLoudnessMeter, feedMeter, gatedLoudness, resetMeasurements, type GrowableSeries } from './meter/loudness-meter.js';
import type { WorkFileReader } from './work-file.js';

/** Tracks up to this long are fitted on the whole track, so the fit is exact. */
const WHOLE_TRACK_FRAMES = 20 * 44100;
const SEGMENTS = 10;
/** Measured part of a segment: 1.2 s = nine 400 ms blocks at the 100 ms hop. */
const SEGMENT_BLOCKS = 9;
export const STEP_FRAMES = 4410;
const SEGMENT_FRAMES = (SEGMENT_BLOCKS + 3) * STEP_FRAMES;
const SEGMENT_PREROLL = Math.round(0.3 * 44100);
/** Frames read past a segment's end so the limiter's delayed output covers it. */
const SEGMENT_TAIL = 512;

export interface ExcerptSegment {
  /** Input frame where processing starts (pre-roll included). */
  start: number;
  /** Input frame where measuring starts. */
  measureStart: number;
  /** Input frame where measuring ends (exclusive). */
  end: number;
}

/**
 * The fit's excerpt. A short track is used whole (the fit is then exact). Otherwise SEGMENTS
 * slices of 1.2 s (with 0.3 s pre-roll) chosen at evenly spaced quantiles of the track's loudness
 * distribution (windows of nine 400 ms blocks, only those above the BS.1770 relative gate): the
 * excerpt holds quiet, typical and loud passages in the proportion the track has them, which is
 * what the compressor's and limiter's loudness loss depends on. The remaining level difference
 * between the whole track's and the excerpt's input loudness corrects the excerpt's target.
 *
 * `blocks` are the analysis pass's 400 ms block powers (100 ms hop).
 */
export function planExcerpt(frames: number, blocks?: Float64Array, blockCount = blocks?.length ?? 0): ExcerptSegment[] {
  if (frames <= WHOLE_TRACK_FRAMES || !blocks || blockCount < SEGMENT_BLOCKS * SEGMENTS) return [{ start: 0, measureStart: 0, end: frames }];
  const windows = blockCount - SEGMENT_BLOCKS + 1;
  const power = new Float64Array(windows);
  let sum = 0;
  for (let b = 0; b < blockCount; b++) {
    sum += blocks[b]!;
    if (b >= SEGMENT_BLOCKS) sum -= blocks[b - SEGMENT_BLOCKS]!;
    if (b >= SEGMENT_BLOCKS - 1) power[b - SEGMENT_BLOCKS + 1] = sum / SEGMENT_BLOCKS;
  }
  const integrated = gatedLoudness(blocks, blockCount);
  const gate = Number.isFinite(integrated) ? Math.pow(10, (integrated - 10 + 0.691) / 10) : 0;
  const candidates = Array.from({ length: windows }, (_, w) => w).filter((w) => power[w]! > gate && power[w]! > 0);
  if (candidates.length < SEGMENTS) return [{ start: 0, measureStart: 0, end: frames }];
  candidates.sort((a, b) => power[a]! - power[b]!);
  const chosen: number[] = [];
  const overlaps = (w: number) => chosen.some((c) => Math.abs(c - w) < SEGMENT_BLOCKS + 3);
  for (let i = 0; i < SEGMENTS; i++) {
    const rank = Math.floor(((i + 0.5) / SEGMENTS) * candidates.length);
    // Nearest rank whose window does not overlap one already chosen.
    for (let d = 0; d < candidates.length; d++) {
      const up = candidates[rank + d];
      const down = candidates[rank - d];
      if (up !== undefined && !overlaps(up)) {
        chosen.push(up);
        break;
      }
      if (down !== undefined && !overlaps(down)) {
        chosen.push(down);
        break;
      }
    }
  }
  return chosen
    .sort((a, b) => a - b)
    .map((w) => {
      const measureStart = w * STEP_FRAMES;
      return { start: Math.max(0, measureStart - SEGMENT_PREROLL), measureStart, end: Math.min(frames, measureStart + SEGMENT_FRAMES) };
    });
}

export interface Excerpt {
  segments: ExcerptSegment[];
  /** Per segment, planar input [start, end + tail) (mono sources: right is the same array). */
  left: Float32Array[];
  right: Float32Array[];
  mono: boolean;
  whole: boolean;
}

export function loadExcerpt(reader: WorkFileReader, segments: ExcerptSegment[]): Excerpt {
  const channels = reader.file.channels;
  const whole = segments.length === 1 && segments[0]!.start === 0 && segments[0]!.end === reader.file.frames;
  const left: Float32Array[] = [];
  const right: Float32Array[] = [];
  for (const segment of segments) {
    const length = segment.end - segment.start + SEGMENT_TAIL;
    const interleaved = new Float32Array(length * channels);
    // Past the track's end the reader gives zeros, as the bounce's flush does.
    reader.read(segment.start, length, interleaved);
    if (channels === 1) {
      left.push(interleaved);
      right.push(interleaved);
    } else {
      const l = new Float32Array(length);
      const r = new Float32Array(length);
      for (let i = 0; i < length; i++) {
        l[i] = interleaved[i * channels]!;
        r[i] = interleaved[i * channels + 1]!;
      }
      left.push(l);
      right.push(r);
    }
  }
  return { segments, left, right, mono: channels === 1, whole };
}

function appendBlocks(target: GrowableSeries, source: GrowableSeries): void {
  if (target.length + source.length > target.data.length) {
    const grown = new Float64Array(Math.max(target.data.length * 2, target.length + source.length));
    grown.set(target.data.subarray(0, target.length));
    target.data = grown;
  }
  target.data.set(source.data.subarray(0, source.length), target.length);
  target.length += source.length;
}

/**
 * Gated loudness of planar stereo segments where output index o belongs to input frame
 * segment.start + o - delay; measuring starts (filters already settled) at segment.measureStart.
 */
export class ExcerptMeter {
  readonly blocks: GrowableSeries = { data: new Float64Array(256), length: 0 };
  /** Index of each segment's first block in `blocks`. */
  readonly segmentStarts: number[] = [];
  private readonly interleaved = new Float32Array(CHAIN_BLOCK * 2);

  measureSegment(segment: ExcerptSegment, delay: number, produce: (position: number, count: number, outL: Float32Array, outR: Float32Array) => void, outL: Float32Array, outR: Float32Array): void {
    const meter = createLoudnessMeter(44100, 2, { peaks: false });
    const total = segment.end - segment.start + delay;
    const resetAt = delay + segment.measureStart - segment.start;
    let didReset = resetAt <= delay;
    for (let position = 0; position < total; position += CHAIN_BLOCK) {
      const count = Math.min(CHAIN_BLOCK, total - position);
      produce(position, count, outL, outR);
      let a = Math.max(position, delay);
      const b = position + count;
      while (a < b) {
        const stop = !didReset && resetAt > a && resetAt < b ? resetAt : b;
        for (let o = a; o < stop; o++) {
          this.interleaved[(o - a) * 2] = outL[o - position]!;
          this.interleaved[(o - a) * 2 + 1] = outR[o - position]!;
        }
        feedMeter(meter, this.interleaved, stop - a);
        a = stop;
        if (!didReset && a >= resetAt) {
          resetMeasurements(meter);
          didReset = true;
        }
      }
    }
    this.segmentStarts.push(this.blocks.length);
    appendBlocks(this.blocks, meter.blocks);
  }

  /**
   * A segment measured from its 100 ms step energies (K-weighted, both channels, times `factor`):
   * the 400 ms blocks a meter forms of them.
   */
  addSteps(steps: Float64Array, factor: number): void {
    this.segmentStarts.push(this.blocks.length);
    const blocks = Math.max(0, steps.length - 3);
    const block: GrowableSeries = { data: new Float64Array(blocks), length: blocks };
    for (let j = 0; j < blocks; j++) block.data[j] = ((steps[j]! + steps[j + 1]! + steps[j + 2]! + steps[j + 3]!) * factor) / (4 * STEP_FRAMES);
    appendBlocks(this.blocks, block);
  }

  loudness(): number {
    return gatedLoudness(this.blocks.data, this.blocks.length);
  }

  /**
   * Gain riding against `input` (a meter of the same segments): the mean change, per 100 ms step,
   * of output-minus-input momentary loudness, dB (the product's definition). Steps within a segment
   * only; blocks where either side is under RIDING_FLOOR_LUFS are left out.
   */
  riding(input: ExcerptMeter): number {
    const out = this.blocks.data;
    const inp = input.blocks.data;
    const floor = Math.pow(10, (RIDING_FLOOR_LUFS + 0.691) / 10);
    let sum = 0;
    let steps = 0;
    this.segmentStarts.forEach((start, s) => {
      const end = s + 1 < this.segmentStarts.length ? this.segmentStarts[s + 1]! : this.blocks.length;
      const inputStart = input.segmentStarts[s];
      if (inputStart === undefined) return;
      let previous = NaN;
      for (let k = start; k < end; k++) {
        const o = out[k]!;
        const i = inp[inputStart + k - start]!;
        if (!(o > floor && i > floor)) {
          previous = NaN;
          continue;
        }
        const difference = 4.342944819032518 * Math.log(o / i);
        if (!Number.isNaN(previous)) {
          sum += Math.abs(difference - previous);
          steps++;
        }
        previous = difference;
      }
    });
    return steps > 0 ? sum / steps : 0;
  }
}

/** Whole 100 ms steps a segment's measured part holds (the steps its meter closes). */
export const stepCountOf = (segment: ExcerptSegment): number => Math.max(0, Math.floor((segment.end - segment.measureStart) / STEP_FRAMES));

/** Momentary loudness under which a step does not count as riding (near silence), LUFS. */
const RIDING_FLOOR_LUFS = -50;

/** The excerpt's input blocks, measured once per excerpt (every style's riding is read against them). */
const inputMeters = new WeakMap<Excerpt, ExcerptMeter>();
export function excerptInputMeter(excerpt: Excerpt): ExcerptMeter {
  let meter = inputMeters.get(excerpt);
  if (!meter) {
    meter = new ExcerptMeter();
    const outL = new Float32Array(CHAIN_BLOCK);
    const outR = new Float32Array(CHAIN_BLOCK);
    excerpt.segments.forEach((segment, s) => {
      meter!.measureSegment(segment, 0, (position, count, l, r) => {
        l.set(excerpt.left[s]!.subarray(position, position + count));
        r.set(excerpt.right[s]!.subarray(position, position + count));
      }, outL, outR);
    });
    inputMeters.set(excerpt, meter);
  }
  return meter;
}

/** Input loudness of the excerpt (the same blocks the fit measures), for the bias correction. */
export function excerptInputLoudness(excerpt: Excerpt): number {
  return excerptInputMeter(excerpt).loudness();
}

/** Correlation of left and right over the excerpt (Pearson, zero-mean signals): 1 for mono. */
export function excerptCorrelation(excerpt: Excerpt): number {
  if (excerpt.mono) return 1;
  let lr = 0;
  let ll = 0;
  let rr = 0;
  excerpt.left.forEach((left, s) => {
    const right = excerpt.right[s]!;
    for (let i = 0; i < left.length; i++) {
      lr += left[i]! * right[i]!;
      ll += left[i]! * left[i]!;
      rr += right[i]! * right[i]!;
    }
  });
  return ll > 0 && rr > 0 ? lr / Math.sqrt(ll * rr) : 1;
}
