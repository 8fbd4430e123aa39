import { SAMPLE_RATE } from '../../../../../src/audio-core/constants.js';
/**
 * Pure playback maths of the A/B player: which chunks
 * to ask for, where the playhead is at a given audio-clock time, how a loop range wraps. Kept
 * free of the Web Audio API so it is unit-tested in node.
 */

/** The player asks for the chunks up to 8 ahead of the playhead. */
export const CHUNKS_AHEAD = 8;
/** Progress is reported every 25 ms; the scheduler runs on the same tick. */
export const PROGRESS_INTERVAL_MS = 25;
export interface LoopRange {
  /** First frame of the range. */
  start: number;
  /** Frame after the last one of the range. */
  end: number;
}

/** The whole track as a range: playing past its end starts again at frame 0. */
export const wholeTrack = (totalFrames: number): LoopRange => ({ start: 0, end: totalFrames });

/** A range inside the track of at least one frame, whichever way round it was dragged. */
export function normalizeRange(a: number, b: number, totalFrames: number): LoopRange {
  const start = Math.max(0, Math.min(totalFrames - 1, Math.round(Math.min(a, b))));
  const end = Math.max(start + 1, Math.min(totalFrames, Math.round(Math.max(a, b))));
  return { start, end };
}

export const chunkOf = (frame: number, chunkFrames: number) => Math.floor(frame / chunkFrames);

/**
 * The chunks the playhead needs next, in playing order: the chunk under `frame` and the following
 * ones up to `ahead` more, wrapping to the start of the loop range at its end. No duplicates.
 */
export function upcomingChunks(frame: number, chunkFrames: number, range: LoopRange, ahead = CHUNKS_AHEAD): number[] {
  const first = chunkOf(Math.min(Math.max(frame, range.start), range.end - 1), chunkFrames);
  const firstOfRange = chunkOf(range.start, chunkFrames);
  const lastOfRange = chunkOf(range.end - 1, chunkFrames);
  const out: number[] = [];
  let chunk = first;
  for (let i = 0; i <= ahead; i++) {
    if (out.includes(chunk)) break;
    out.push(chunk);
    chunk = chunk >= lastOfRange ? firstOfRange : chunk + 1;
  }
  return out;
}

/** The upcoming chunks that are neither held nor already asked for, at most `max` (server limit 32). */
export function chunksToRequest(upcoming: readonly number[], held: (chunk: number) => boolean, pending: ReadonlySet<number>, max = 32): number[] {
  return upcoming.filter((chunk) => !held(chunk) && !pending.has(chunk)).slice(0, max);
}

/** A point where the audio clock and the track's frames line up: at `time` the playhead was at `frame`. */
export interface Anchor {
  time: number;
  frame: number;
}

/**
 * The playhead at audio-clock `time`: the last anchor at or before it, advanced at the stream rate,
 * but never past the end of what was scheduled (`scheduledUntil`), where playback starves.
 */
export function frameAt(time: number, anchors: readonly Anchor[], scheduledUntil: Anchor, sampleRate = SAMPLE_RATE): number {
  if (time >= scheduledUntil.time) return scheduledUntil.frame;
  let anchor: Anchor | undefined;
  for (const candidate of anchors) {
    if (candidate.time <= time) anchor = candidate;
    else break;
  }
  if (!anchor) return anchors[0]?.frame ?? scheduledUntil.frame;
  return anchor.frame + Math.round((time - anchor.time) * sampleRate);
}

/**
 * An audio-clock time on the sample grid of the context, so that every buffer starts exactly on a
 * frame and consecutive chunks meet without a gap or overlap.
 */
export const onSampleGrid = (time: number, sampleRate = SAMPLE_RATE) => Math.ceil(time * sampleRate) / sampleRate;

/**
 * Toggling Original/Mastered while playing: the other version's piece of a scheduled chunk starts at
 * the switch time with the same offset into the chunk, so the track position continues to the sample.
 * Returns the frames to skip at the start of a piece that began at `pieceTime`.
 */
export function framesIntoPiece(pieceTime: number, switchTime: number, sampleRate = SAMPLE_RATE): number {
  return Math.max(0, Math.round((switchTime - pieceTime) * sampleRate));
}

/** Equal-power crossfade curves (cos/sin quarter period): the outgoing and incoming gains. */
export function equalPowerCurves(points = 32): { fadeOut: Float32Array; fadeIn: Float32Array } {
  const fadeOut = new Float32Array(points);
  const fadeIn = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const x = (i / (points - 1)) * (Math.PI / 2);
    fadeOut[i] = Math.cos(x);
    fadeIn[i] = Math.sin(x);
  }
  fadeOut[points - 1] = 0;
  fadeIn[points - 1] = 1;
  return { fadeOut, fadeIn };
}

/** Chunks to forget when a stream holds more than `keep`: the farthest from the playhead first. */
export function chunksToEvict(held: Iterable<number>, playheadChunk: number, keep: number): number[] {
  const all = [...held];
  if (all.length <= keep) return [];
  return all.sort((a, b) => Math.abs(b - playheadChunk) - Math.abs(a - playheadChunk)).slice(0, all.length - keep);
}
