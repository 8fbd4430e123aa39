import { dbToGain, type MatchGains } from './loudness-match.js';
import { chunkOf, equalPowerCurves, frameAt, framesIntoPiece, type Anchor, type LoopRange } from './timeline.js';
import { SAMPLE_RATE } from '../../../../../src/audio-core/constants.js';

/**
 * The Web Audio half of the A/B player (split from the socket protocol in):
 * AudioBuffers scheduled back to back on the audio clock at exact sample positions. Times are kept
 * as integer "ticks" of the stream rate (1/44100 s) so consecutive chunks meet without gap or
 * overlap. A switch to another stream (Original/Mastered, or another style while mastered plays)
 * schedules the other stream's buffers at the same ticks and crossfades the two with an equal-power
 * curve of FADE_MS, so the track continues at the same sample without a gap or click.
 *
 * It knows nothing of sockets: what it plays is a `ScheduledStream`, a lookup of decoded chunks.
 */
export type Version = 'original' | 'mastered' | 'reference';
/** The versions that come over the socket; the reference track is decoded in the browser (reference-audio.ts). */
export type StreamVersion = Exclude<Version, 'reference'>;

/** One stream the scheduler can play: its chunks by index, heard on the lane of its version. */
export interface ScheduledStream {
  /** Identifies the stream (original, or one style); each has its own fade gain. */
  key: string;
  lane: Version;
  chunkFrames: number;
  bufferOf(chunk: number): AudioBuffer | undefined;
}

export interface SwitchRecord {
  time: number;
  from: Version;
  to: Version;
  fromStream: string;
  toStream: string;
  /** Track frame at the switch time by the outgoing stream's scheduled buffer. */
  frameOut: number;
  /** Track frame at the switch time by the incoming stream's scheduled buffer. */
  frameIn: number;
}

export const SR = SAMPLE_RATE;

export interface LimiterSettings {
  thresholdDb: number;
  attackMs: number;
  releaseMs: number;
}

/**
 * The makeup gain a DynamicsCompressorNode adds on its own (Web Audio spec: the curve's gain at full
 * scale, inverted, to the power 0.6). A platform's limiter adds none, so the player takes it off
 * again: only the peaks over the threshold are squeezed, the rest plays at the platform's gain.
 */
export function limiterMakeupGain(thresholdDb: number, ratio: number): number {
  const fullScaleDb = thresholdDb + (0 - thresholdDb) / ratio;
  return Math.pow(1 / Math.pow(10, fullScaleDb / 20), 0.6);
}
/** How far ahead of the audio clock buffers are scheduled. */
const LOOKAHEAD_TICKS = Math.round(0.3 * SR);
/** Start latency: enough for the audio thread to pick the first buffer up on time. */
const START_DELAY_TICKS = Math.round(0.06 * SR);
/** The switch happens this far ahead, so both streams are scheduled before the clock gets there. */
const SWITCH_DELAY_TICKS = Math.round(0.03 * SR);
/** A short equal-power crossfade at the switch: no click, too short to hear as a blend. */
export const FADE_MS = 5;
const FADE_TICKS = Math.round((FADE_MS / 1000) * SR);
/** A starving schedule stops when the last scheduled buffer ends within this many ticks. */
const STARVE_TICKS = 128;

const { fadeOut: FADE_OUT, fadeIn: FADE_IN } = equalPowerCurves(32);

interface Piece {
  stream: string;
  lane: Version;
  source: AudioBufferSourceNode;
  /** Ticks of the audio clock where the piece starts. */
  tick: number;
  /** Track frame at its start. */
  frame: number;
  frames: number;
  chunk: number;
  offset: number;
}

export class PlaybackScheduler {
  private ctx: AudioContext | null = null;
  private volumeNode: GainNode | null = null;
  private analyser: AnalyserNode | null = null;
  private busNode: GainNode | null = null;
  private limiterSettings: LimiterSettings | null = null;
  private limiterNodes: { compressor: DynamicsCompressorNode; trim: GainNode } | null = null;
  private lanes: Record<Version, GainNode> | null = null;
  private fades = new Map<string, GainNode>();
  private pieces: Piece[] = [];
  private anchors: Anchor[] = [];
  private cursor: Anchor = { time: 0, frame: 0 };
  private heard: ScheduledStream | null = null;
  private running = false;
  private switchLog: SwitchRecord[] = [];

  /** `range` is read at every scheduling step: a loop range set while playing takes effect at once. */
  constructor(private readonly range: () => LoopRange) {}

  get playing(): boolean {
    return this.running;
  }

  get currentTime(): number {
    return this.ctx?.currentTime ?? 0;
  }

  /** The audio context, made on the first play (browsers allow audio only after a gesture). */
  async open(): Promise<void> {
    const ctx = this.ensureContext();
    if (ctx.state === 'suspended') await ctx.resume();
  }

  get opened(): boolean {
    return this.ctx !== null;
  }

  /** The playhead by the audio clock while playing. */
  positionFrames(): number {
    return this.positionFramesAt(this.currentTime);
  }

  /** The playhead at a given audio-clock time: lets a reader pair it with the one time it read. */
  positionFramesAt(contextTime: number): number {
    if (!this.ctx) return this.cursor.frame;
    return frameAt(contextTime * SR, this.anchors, this.cursor, 1);
  }

  setVolume(gain: number): void {
    if (!this.ctx || !this.volumeNode) return;
    this.volumeNode.gain.setTargetAtTime(gain, this.ctx.currentTime, 0.015);
  }

  setMatchGains(gains: MatchGains): void {
    if (!this.ctx || !this.lanes) return;
    const now = this.ctx.currentTime;
    this.lanes.original.gain.setTargetAtTime(dbToGain(gains.originalDb), now, 0.015);
    this.lanes.mastered.gain.setTargetAtTime(dbToGain(gains.masteredDb), now, 0.015);
    this.lanes.reference.gain.setTargetAtTime(dbToGain(gains.referenceDb ?? 0), now, 0.015);
  }

  /** A platform's limiter on both lanes (Spotify Loud), or none. Kept across the context's life. */
  setLimiter(settings: LimiterSettings | null): void {
    const same = settings === this.limiterSettings || (settings && this.limiterSettings && settings.thresholdDb === this.limiterSettings.thresholdDb && settings.attackMs === this.limiterSettings.attackMs && settings.releaseMs === this.limiterSettings.releaseMs);
    if (same) return;
    this.limiterSettings = settings;
    this.applyLimiter();
  }

  /** The limiter's gain reduction now, dB (null: no limiter in the path). */
  limiterReductionDb(): number | null {
    return this.limiterNodes ? this.limiterNodes.compressor.reduction : null;
  }

  private applyLimiter() {
    const ctx = this.ctx;
    const bus = this.busNode;
    const volume = this.volumeNode;
    if (!ctx || !bus || !volume) return;
    bus.disconnect();
    this.limiterNodes?.compressor.disconnect();
    this.limiterNodes?.trim.disconnect();
    this.limiterNodes = null;
    const settings = this.limiterSettings;
    if (!settings) {
      bus.connect(volume);
      return;
    }
    const compressor = new DynamicsCompressorNode(ctx, { threshold: settings.thresholdDb, knee: 0, ratio: 20, attack: settings.attackMs / 1000, release: settings.releaseMs / 1000 });
    const trim = new GainNode(ctx, { gain: 1 / limiterMakeupGain(settings.thresholdDb, 20) });
    bus.connect(compressor);
    compressor.connect(trim);
    trim.connect(volume);
    this.limiterNodes = { compressor, trim };
  }

  /** Each lane's loudness-match gain now, dB (what the graph applies, not what was asked). */
  laneGainsDb(): MatchGains | null {
    if (!this.lanes) return null;
    const db = (node: GainNode) => 20 * Math.log10(node.gain.value);
    return { originalDb: db(this.lanes.original), masteredDb: db(this.lanes.mastered), referenceDb: db(this.lanes.reference) };
  }

  /**
   * The last `size` frames that reached the speakers (mixed to mono), with the audio-clock time
   * read beside them. The tap is a parallel analyser made on first use, so it never changes the
   * output and costs nothing until something asks.
   */
  tap(size: number): { contextTime: number; samples: Float32Array } | null {
    if (!this.ctx || !this.volumeNode) return null;
    if (!this.analyser || this.analyser.fftSize !== size) {
      this.analyser?.disconnect();
      this.analyser = this.ctx.createAnalyser();
      this.analyser.fftSize = size;
      this.volumeNode.connect(this.analyser);
    }
    const samples = new Float32Array(size);
    const contextTime = this.ctx.currentTime;
    this.analyser.getFloatTimeDomainData(samples);
    return { contextTime, samples };
  }

  /** Not playing: this stream's fade open, every other closed, at once. */
  hear(stream: ScheduledStream | null): void {
    this.heard = stream;
    if (!this.ctx) return;
    const now = this.ctx.currentTime;
    if (stream) this.fadeOf(stream);
    for (const [key, fade] of this.fades) {
      fade.gain.cancelScheduledValues(0);
      fade.gain.setValueAtTime(key === stream?.key ? 1 : 0, now);
    }
  }

  /** Starts `stream` at `frame`; false (nothing started) when the chunk under it is not here yet. */
  start(frame: number, stream: ScheduledStream): boolean {
    const ctx = this.ctx;
    if (!ctx || !stream.bufferOf(chunkOf(frame, stream.chunkFrames))) return false;
    this.stop();
    this.hear(stream);
    const tick = Math.ceil(ctx.currentTime * SR) + START_DELAY_TICKS;
    this.anchors = [{ time: tick, frame }];
    this.cursor = { time: tick, frame };
    this.running = true;
    return this.schedule() === null;
  }

  /**
   * Schedules the heard stream up to LOOKAHEAD ahead of the clock. Returns the frame where playback
   * starved (the needed chunk is missing and what was scheduled has run out: buffering),
   * after stopping; null while it plays on.
   */
  schedule(): number | null {
    const ctx = this.ctx;
    const stream = this.heard;
    if (!ctx || !stream || !this.running) return null;
    const now = ctx.currentTime * SR;
    const range = this.range();
    while (this.cursor.time < now + LOOKAHEAD_TICKS) {
      const chunk = chunkOf(this.cursor.frame, stream.chunkFrames);
      const buffer = stream.bufferOf(chunk);
      if (!buffer) {
        if (this.cursor.time > now + STARVE_TICKS) return null;
        const frame = this.cursor.frame;
        this.stop();
        return frame;
      }
      const offset = this.cursor.frame - chunk * stream.chunkFrames;
      const end = Math.min(chunk * stream.chunkFrames + buffer.length, range.end);
      const frames = end - this.cursor.frame;
      if (frames <= 0) {
        this.wrap(this.cursor.time);
        continue;
      }
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(this.fadeOf(stream));
      source.start(this.cursor.time / SR, offset / SR, frames / SR);
      this.pieces.push({ stream: stream.key, lane: stream.lane, source, tick: this.cursor.time, frame: this.cursor.frame, frames, chunk, offset });
      const nextTick = this.cursor.time + frames;
      if (end >= range.end) this.wrap(nextTick);
      else this.cursor = { time: nextTick, frame: end };
    }
    return null;
  }

  /** Forgets buffers that have played and anchors that have passed. */
  prune(): void {
    if (!this.ctx || !this.running) return;
    const now = this.ctx.currentTime * SR;
    this.pieces = this.pieces.filter((p) => p.tick + p.frames + FADE_TICKS > now);
    while (this.anchors.length > 1 && this.anchors[1]!.time <= now) this.anchors.shift();
  }

  stop(): void {
    for (const piece of this.pieces) {
      try {
        piece.source.stop();
      } catch {
        // never started or already stopped
      }
      piece.source.disconnect();
    }
    this.pieces = [];
    this.running = false;
  }

  /**
   * While playing: the incoming stream's buffers at the same ticks as the heard one's, crossfaded.
   * Returns null (and changes nothing) when there is nothing scheduled to line up with or the
   * incoming stream lacks a chunk of what is scheduled; the caller then continues from the playhead.
   */
  switchTo(to: ScheduledStream): SwitchRecord | null {
    const ctx = this.ctx;
    const from = this.heard;
    if (!ctx || !from || !this.running || from.key === to.key) return null;
    const switchTick = Math.ceil(ctx.currentTime * SR) + SWITCH_DELAY_TICKS;
    const outgoing = this.pieces.filter((p) => p.stream === from.key && p.tick + p.frames > switchTick);
    const missing = outgoing.some((p) => !to.bufferOf(p.chunk));
    if (this.cursor.time <= switchTick || missing || to.chunkFrames !== from.chunkFrames) return null;
    const incoming: Piece[] = [];
    let frameIn = -1;
    let frameOut = -1;
    const toFade = this.fadeOf(to);
    for (const piece of outgoing) {
      const buffer = to.bufferOf(piece.chunk)!;
      const skip = framesIntoPiece(piece.tick, switchTick, 1);
      const frames = Math.min(piece.frames - skip, buffer.length - piece.offset - skip);
      if (frames <= 0) continue;
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(toFade);
      source.start((piece.tick + skip) / SR, (piece.offset + skip) / SR, frames / SR);
      incoming.push({ stream: to.key, lane: to.lane, source, tick: piece.tick + skip, frame: piece.frame + skip, frames, chunk: piece.chunk, offset: piece.offset + skip });
      if (frameIn < 0) {
        frameIn = piece.frame + skip;
        frameOut = piece.frame + (switchTick - piece.tick);
      }
      // The outgoing buffer sounds through the fade, then stops; its fade is closed by then anyway.
      try {
        piece.source.stop((switchTick + FADE_TICKS) / SR);
      } catch {
        // already stopped
      }
    }
    const at = switchTick / SR;
    const duration = FADE_TICKS / SR;
    const fade = (gain: AudioParam, curve: Float32Array, end: number) => {
      gain.cancelScheduledValues(at);
      try {
        gain.setValueCurveAtTime(curve, at, duration);
      } catch {
        // A curve still running (toggled within the fade): jump instead.
        gain.setValueAtTime(end, at);
      }
    };
    fade(this.fadeOf(from).gain, FADE_OUT, 0);
    fade(toFade.gain, FADE_IN, 1);
    this.pieces = [...this.pieces.filter((p) => p.stream === from.key && p.tick + p.frames > switchTick - FADE_TICKS && p.tick < switchTick + FADE_TICKS), ...incoming];
    this.heard = to;
    const record: SwitchRecord = { time: at, from: from.lane, to: to.lane, fromStream: from.key, toStream: to.key, frameOut, frameIn };
    this.switchLog = [...this.switchLog.slice(-9), record];
    return record;
  }

  close(): void {
    this.stop();
    void this.ctx?.close();
    this.ctx = null;
    this.lanes = null;
    this.volumeNode = null;
    this.busNode = null;
    this.limiterNodes = null;
    this.fades.clear();
  }

  /** What the audio graph holds, for the test build's hook. */
  scheduled(): { version: Version; stream: string; time: number; frame: number; frames: number }[] {
    return this.pieces.map((p) => ({ version: p.lane, stream: p.stream, time: p.tick / SR, frame: p.frame, frames: p.frames }));
  }

  switches(): SwitchRecord[] {
    return [...this.switchLog];
  }

  private ensureContext(): AudioContext {
    if (this.ctx) return this.ctx;
    // The stream rate, so buffers play without resampling and ticks are the context's own frames.
    let ctx: AudioContext;
    try {
      ctx = new AudioContext({ sampleRate: SR, latencyHint: 'interactive' });
    } catch {
      ctx = new AudioContext({ latencyHint: 'interactive' });
    }
    const volume = ctx.createGain();
    volume.connect(ctx.destination);
    // Both lanes meet here: a platform's limiter goes between this bus and the volume.
    const bus = ctx.createGain();
    bus.connect(volume);
    const lane = () => {
      const match = ctx.createGain();
      match.connect(bus);
      return match;
    };
    this.ctx = ctx;
    this.volumeNode = volume;
    this.busNode = bus;
    this.applyLimiter();
    this.lanes = { original: lane(), mastered: lane(), reference: lane() };
    return ctx;
  }

  /** Each stream's own fade gain, feeding its lane's loudness-match gain. */
  private fadeOf(stream: ScheduledStream): GainNode {
    let fade = this.fades.get(stream.key);
    if (!fade && this.ctx && this.lanes) {
      fade = this.ctx.createGain();
      fade.gain.value = stream.key === this.heard?.key ? 1 : 0;
      fade.connect(this.lanes[stream.lane]);
      this.fades.set(stream.key, fade);
    }
    return fade!;
  }

  /** At the end of the range, play on from its start. */
  private wrap(tick: number) {
    const start = this.range().start;
    this.cursor = { time: tick, frame: start };
    this.anchors.push({ time: tick, frame: start });
  }
}
