import type { StreamFrame } from '../../../../../src/modules/streaming/stream-frame.js';
import { ZErrorMessagePayload, ZStreamMeta, type TStreamMeta } from '../../../../../src/modules/streaming/streaming.schemas.js';
import type { MediaSocket } from '../api/media-socket.js';
import { dbToGain, loudnessMatchGains, volumeToGain, type MatchGains } from './loudness-match.js';
import { int16ToFloatChannels } from './pcm.js';
import {
  chunkOf,
  chunksToEvict,
  chunksToRequest,
  equalPowerCurves,
  framesIntoPiece,
  frameAt,
  normalizeRange,
  STREAM_SAMPLE_RATE,
  upcomingChunks,
  wholeTrack,
  type Anchor,
  type LoopRange,
} from './timeline.js';

/**
 * The A/B player's engine (issue 5): chunks from the media socket become AudioBuffers (int16 ->
 * float), scheduled back to back on the Web Audio clock at exact sample positions. Times are kept
 * as integer "ticks" of the stream rate (1/44100 s) so consecutive chunks meet without gap or
 * overlap. Toggling Original/Mastered schedules the other version's buffers at the same ticks and
 * crossfades the two buses with an equal-power curve of FADE_MS, so the track continues at the
 * same sample without a gap or click.
 */
export type Version = 'original' | 'mastered';
export type PlayStatus = 'idle' | 'playing' | 'paused' | 'buffering';
/** Whether the mastered stream can be heard: 'waiting' until the track's preparation is processed. */
export type MasteredState = 'ready' | 'waiting' | 'unavailable';

export interface StreamSpec {
  /** -1 for the original. */
  styleIndex: number;
  styleId: number | null;
}

export interface PlayerSnapshot {
  status: PlayStatus;
  version: Version;
  volume: number;
  muted: boolean;
  matchLoudness: boolean;
  gains: MatchGains;
  /** null: the whole track (which loops at its end). */
  range: LoopRange | null;
  meta: Record<Version, TStreamMeta | null>;
  masteredState: MasteredState;
  /** A message code (spec §8) when the player cannot play. */
  error: string | null;
}

const SR = STREAM_SAMPLE_RATE;
/** How far ahead of the audio clock buffers are scheduled. */
const LOOKAHEAD_TICKS = Math.round(0.3 * SR);
/** Start latency: enough for the audio thread to pick the first buffer up on time. */
const START_DELAY_TICKS = Math.round(0.06 * SR);
/** The switch happens this far ahead, so both versions are scheduled before the clock gets there. */
const SWITCH_DELAY_TICKS = Math.round(0.03 * SR);
/** A short equal-power crossfade at the switch: no click, too short to hear as a blend. */
export const FADE_MS = 5;
const FADE_TICKS = Math.round((FADE_MS / 1000) * SR);
/** Chunks kept per version (about 350 kB each for a stereo second). */
const KEEP_CHUNKS = 48;
/** A request the server has not answered in this time is asked for again. */
const REQUEST_TIMEOUT_MS = 10_000;
const RELOAD_DELAY_MS = 5000;

interface Piece {
  version: Version;
  source: AudioBufferSourceNode;
  /** Ticks of the audio clock where the piece starts. */
  tick: number;
  /** Track frame at its start. */
  frame: number;
  frames: number;
  chunk: number;
  offset: number;
}

export interface SwitchRecord {
  time: number;
  from: Version;
  to: Version;
  /** Track frame at the switch time by the outgoing version's scheduled buffer. */
  frameOut: number;
  /** Track frame at the switch time by the incoming version's scheduled buffer. */
  frameIn: number;
}

/** Only one player plays at a time on a page (spec §2). */
const players = new Set<PlayerController>();

const { fadeOut: FADE_OUT, fadeIn: FADE_IN } = equalPowerCurves(32);

export interface PlayerControllerOptions {
  trackId: string;
  streams: Record<Version, StreamSpec | null>;
  /** The version heard first (a custom master starts, and stays, mastered). */
  initialVersion: Version;
}

export class PlayerController {
  private ctx: AudioContext | null = null;
  private volumeNode: GainNode | null = null;
  private buses: Record<Version, { fade: GainNode; match: GainNode }> | null = null;
  private pieces: Piece[] = [];
  private anchors: Anchor[] = [];
  private cursor: Anchor = { time: 0, frame: 0 };
  private pausedFrame = 0;
  private buffers: Record<Version, Map<number, AudioBuffer>> = { original: new Map(), mastered: new Map() };
  private pending: Record<Version, Map<number, number>> = { original: new Map(), mastered: new Map() };
  private metaPending: Version | null = null;
  private staleMeta = new Set<Version>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void)[] = [];
  private listeners = new Set<() => void>();
  private switches: SwitchRecord[] = [];
  private streams: Record<Version, StreamSpec | null>;
  private readonly trackId: string;
  private snapshot: PlayerSnapshot;

  constructor(
    private readonly socket: MediaSocket,
    options: PlayerControllerOptions,
  ) {
    this.trackId = options.trackId;
    this.streams = options.streams;
    this.snapshot = {
      status: 'idle',
      version: options.initialVersion,
      volume: 100,
      muted: false,
      matchLoudness: true,
      gains: { originalDb: 0, masteredDb: 0 },
      range: null,
      meta: { original: null, mastered: null },
      masteredState: 'ready',
      error: null,
    };
    players.add(this);
    this.unsubscribe.push(
      socket.on('meta', ({ payload }) => this.receiveMeta(payload)),
      socket.onFrame((frame) => this.receiveFrame(frame)),
      socket.on('chunks-canceled', ({ payload }) => this.receiveCanceled(payload)),
      socket.on('error-message', ({ payload }) => this.receiveError(payload)),
      socket.onOpen((reconnected) => {
        if (!reconnected) return;
        // The sidecar forgot what was asked: ask again.
        this.pending.original.clear();
        this.pending.mastered.clear();
        this.metaPending = null;
        this.requestMeta();
      }),
    );
    this.requestMeta();
    this.timer = setInterval(() => this.tick(), 25);
  }

  /* ---------- state for React ---------- */

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(patch: Partial<PlayerSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  get totalFrames(): number {
    const meta = this.snapshot.meta.original ?? this.snapshot.meta.mastered;
    return meta?.numberOfSamples ?? 0;
  }

  private chunkFramesOf(version: Version): number {
    const meta = this.snapshot.meta[version];
    return meta ? Math.max(1, meta.chunkSize / (meta.numberOfChannels * 2)) : SR;
  }

  private get range(): LoopRange {
    return this.snapshot.range ?? wholeTrack(this.totalFrames);
  }

  /** The playhead in track frames, read from the audio clock while playing. */
  positionFrames = (): number => {
    if (this.snapshot.status !== 'playing' || !this.ctx) return this.pausedFrame;
    return frameAt(this.ctx.currentTime * SR, this.anchors, this.cursor, 1);
  };

  /** For the browser test (see master-player.tsx, window.__masterdeckPlayer). */
  testHook() {
    return {
      positionFrames: () => this.positionFrames(),
      version: () => this.snapshot.version,
      status: () => this.snapshot.status,
      contextTime: () => this.ctx?.currentTime ?? 0,
      /** Position and audio-clock time read together. */
      sample: () => ({ frames: this.positionFrames(), contextTime: this.ctx?.currentTime ?? 0, version: this.snapshot.version }),
      /** What the audio graph holds: each scheduled buffer's version, start time and first frame. */
      scheduled: () => this.pieces.map((p) => ({ version: p.version, time: p.tick / SR, frame: p.frame, frames: p.frames })),
      switches: () => [...this.switches],
      /** Chunks held per version. */
      buffered: () => ({ original: [...this.buffers.original.keys()], mastered: [...this.buffers.mastered.keys()] }),
      masteredState: () => this.snapshot.masteredState,
    };
  }

  /* ---------- controls ---------- */

  async play(): Promise<void> {
    if (this.snapshot.status === 'playing' || this.snapshot.status === 'buffering' || this.totalFrames === 0) return;
    for (const other of players) if (other !== this) other.pause();
    const ctx = this.ensureContext();
    if (ctx.state === 'suspended') await ctx.resume();
    this.startAt(this.pausedFrame);
  }

  pause(): void {
    const status = this.snapshot.status;
    if (status !== 'playing' && status !== 'buffering') return;
    if (status === 'playing') this.pausedFrame = this.positionFrames();
    this.stopSources();
    this.update({ status: 'paused' });
  }

  togglePlay(): void {
    if (this.snapshot.status === 'playing' || this.snapshot.status === 'buffering') this.pause();
    else void this.play();
  }

  seek(frame: number): void {
    const total = this.totalFrames;
    if (total === 0) return;
    const target = Math.max(0, Math.min(total - 1, Math.round(frame)));
    const range = this.snapshot.range;
    if (range && (target < range.start || target >= range.end)) this.update({ range: null });
    const wasPlaying = this.snapshot.status === 'playing' || this.snapshot.status === 'buffering';
    this.dropStaleRequests(target);
    if (wasPlaying) {
      this.stopSources();
      this.startAt(target);
    } else {
      this.pausedFrame = target;
      this.update({});
    }
  }

  seekBy(seconds: number): void {
    this.seek(this.positionFrames() + seconds * SR);
  }

  setRange(range: LoopRange | null): void {
    const total = this.totalFrames;
    const next = range && total > 0 ? normalizeRange(range.start, range.end, total) : null;
    const position = this.positionFrames();
    this.update({ range: next });
    // Buffers already scheduled may cross the new end: start again from here on the new range.
    const from = next && (position < next.start || position >= next.end) ? next.start : position;
    if (this.snapshot.status === 'playing') {
      this.stopSources();
      this.startAt(from);
    } else {
      this.pausedFrame = from;
      this.update({});
    }
  }

  setVersion(version: Version): void {
    if (version === this.snapshot.version || !this.streams[version]) return;
    if (this.snapshot.status !== 'playing' || !this.ctx || !this.buses) {
      this.update({ version });
      this.applyBusGains();
      if (this.snapshot.status === 'buffering') this.resumeIfReady();
      return;
    }
    this.switchWhilePlaying(version);
  }

  setVolume(volume: number): void {
    this.update({ volume: Math.max(0, Math.min(100, Math.round(volume))), muted: volume > 0 ? false : this.snapshot.muted });
    this.applyVolume();
  }

  setMuted(muted: boolean): void {
    this.update({ muted });
    this.applyVolume();
  }

  setMatchLoudness(enabled: boolean): void {
    this.update({ matchLoudness: enabled });
    this.applyMatchGains();
  }

  /** The mastered stream changes (another style chosen): its buffers go, playback goes on. */
  setMasteredStream(spec: StreamSpec | null): void {
    const current = this.streams.mastered;
    if (current?.styleIndex === spec?.styleIndex && current?.styleId === spec?.styleId) return;
    this.streams = { ...this.streams, mastered: spec };
    this.buffers.mastered.clear();
    this.pending.mastered.clear();
    const hearingMastered = this.snapshot.version === 'mastered';
    this.update({
      meta: { ...this.snapshot.meta, mastered: null },
      masteredState: 'ready',
      version: hearingMastered && !spec && this.streams.original ? 'original' : this.snapshot.version,
    });
    if (hearingMastered && this.snapshot.status === 'playing') {
      this.pausedFrame = this.positionFrames();
      this.stopSources();
      this.update({ status: 'buffering' });
    }
    this.socket.send('stop-binary', {});
    this.pending.original.clear();
    this.requestMeta();
  }

  /** The track's preparation was processed: mastered chunks can be rendered now (spec §4). */
  onPrepared(): void {
    if (this.snapshot.masteredState === 'unavailable') return;
    // Spec §4: when mastering is processed the binary stream is stopped and chunks are asked again.
    this.socket.send('stop-binary', {});
    this.pending.original.clear();
    this.pending.mastered.clear();
    this.update({ masteredState: 'ready' });
    this.staleMeta.add('original');
    this.staleMeta.add('mastered');
    this.requestMeta();
  }

  destroy(): void {
    this.stopSources();
    if (this.timer) clearInterval(this.timer);
    for (const off of this.unsubscribe) off();
    players.delete(this);
    void this.ctx?.close();
    this.ctx = null;
    this.listeners.clear();
  }

  /* ---------- audio graph ---------- */

  private ensureContext(): AudioContext {
    if (this.ctx && this.buses && this.volumeNode) return this.ctx;
    // The stream rate, so buffers play without resampling and ticks are the context's own frames.
    let ctx: AudioContext;
    try {
      ctx = new AudioContext({ sampleRate: SR, latencyHint: 'interactive' });
    } catch {
      ctx = new AudioContext({ latencyHint: 'interactive' });
    }
    const volume = ctx.createGain();
    volume.connect(ctx.destination);
    const bus = () => {
      const fade = ctx.createGain();
      const match = ctx.createGain();
      fade.connect(match);
      match.connect(volume);
      return { fade, match };
    };
    this.ctx = ctx;
    this.volumeNode = volume;
    this.buses = { original: bus(), mastered: bus() };
    this.applyVolume();
    this.applyMatchGains();
    this.applyBusGains();
    return ctx;
  }

  private applyVolume() {
    if (!this.ctx || !this.volumeNode) return;
    this.volumeNode.gain.setTargetAtTime(volumeToGain(this.snapshot.volume, this.snapshot.muted), this.ctx.currentTime, 0.015);
  }

  private applyMatchGains() {
    const { original, mastered } = this.snapshot.meta;
    // The original's loudness rides on every meta once the track is analysed; channels are the original's.
    const originalMeasured = original?.loudness.original ?? mastered?.loudness.original;
    const originalLoudness = originalMeasured ? { lufs: originalMeasured.lufs, channels: (original ?? mastered)!.numberOfChannels } : null;
    const masteredLoudness = mastered?.loudness.master ? { lufs: mastered.loudness.master.lufs, channels: mastered.numberOfChannels } : null;
    const gains = this.streams.original && this.streams.mastered ? loudnessMatchGains(originalLoudness, masteredLoudness, this.snapshot.matchLoudness) : { originalDb: 0, masteredDb: 0 };
    if (gains.originalDb !== this.snapshot.gains.originalDb || gains.masteredDb !== this.snapshot.gains.masteredDb) this.update({ gains });
    if (!this.ctx || !this.buses) return;
    const now = this.ctx.currentTime;
    this.buses.original.match.gain.setTargetAtTime(dbToGain(gains.originalDb), now, 0.015);
    this.buses.mastered.match.gain.setTargetAtTime(dbToGain(gains.masteredDb), now, 0.015);
  }

  /** Not playing: the active bus open, the other closed, at once. */
  private applyBusGains() {
    if (!this.ctx || !this.buses) return;
    const now = this.ctx.currentTime;
    for (const version of ['original', 'mastered'] as const) {
      const gain = this.buses[version].fade.gain;
      gain.cancelScheduledValues(0);
      gain.setValueAtTime(version === this.snapshot.version ? 1 : 0, now);
    }
  }

  private stopSources() {
    for (const piece of this.pieces) {
      try {
        piece.source.stop();
      } catch {
        // never started or already stopped
      }
      piece.source.disconnect();
    }
    this.pieces = [];
  }

  private startAt(frame: number) {
    const ctx = this.ctx;
    if (!ctx) return;
    const range = this.range;
    const start = frame >= range.end || frame < range.start ? range.start : frame;
    this.pausedFrame = start;
    if (!this.buffers[this.snapshot.version].has(chunkOf(start, this.chunkFramesOf(this.snapshot.version)))) {
      this.update({ status: 'buffering' });
      this.pump();
      return;
    }
    this.applyBusGains();
    const tick = Math.ceil(ctx.currentTime * SR) + START_DELAY_TICKS;
    this.anchors = [{ time: tick, frame: start }];
    this.cursor = { time: tick, frame: start };
    this.update({ status: 'playing' });
    this.schedule();
  }

  /** Schedules the active version's buffers up to LOOKAHEAD ahead of the clock; starves when one is missing. */
  private schedule() {
    const ctx = this.ctx;
    const buses = this.buses;
    if (!ctx || !buses || this.snapshot.status !== 'playing') return;
    const now = ctx.currentTime * SR;
    const version = this.snapshot.version;
    const chunkFrames = this.chunkFramesOf(version);
    const range = this.range;
    while (this.cursor.time < now + LOOKAHEAD_TICKS) {
      const chunk = chunkOf(this.cursor.frame, chunkFrames);
      const buffer = this.buffers[version].get(chunk);
      if (!buffer) {
        // Spec §4: the needed chunk is missing: stop where the scheduled audio ends, resume when it comes.
        if (this.cursor.time <= now + 128) {
          this.pausedFrame = this.cursor.frame;
          this.stopSources();
          this.update({ status: 'buffering' });
        }
        return;
      }
      const offset = this.cursor.frame - chunk * chunkFrames;
      const end = Math.min(chunk * chunkFrames + buffer.length, range.end);
      const frames = end - this.cursor.frame;
      if (frames <= 0) {
        this.wrap(this.cursor.time);
        continue;
      }
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(buses[version].fade);
      source.start(this.cursor.time / SR, offset / SR, frames / SR);
      this.pieces.push({ version, source, tick: this.cursor.time, frame: this.cursor.frame, frames, chunk, offset });
      const nextTick = this.cursor.time + frames;
      if (end >= range.end) this.wrap(nextTick);
      else this.cursor = { time: nextTick, frame: end };
    }
  }

  /** Spec §4: at the end of the range, play on from its start. */
  private wrap(tick: number) {
    const start = this.range.start;
    this.cursor = { time: tick, frame: start };
    this.anchors.push({ time: tick, frame: start });
  }

  private switchWhilePlaying(to: Version) {
    const ctx = this.ctx!;
    const buses = this.buses!;
    const from = this.snapshot.version;
    const switchTick = Math.ceil(ctx.currentTime * SR) + SWITCH_DELAY_TICKS;
    const outgoing = this.pieces.filter((p) => p.version === from && p.tick + p.frames > switchTick);
    const chunkFrames = this.chunkFramesOf(to);
    const missing = outgoing.some((p) => !this.buffers[to].has(p.chunk));
    if (this.cursor.time <= switchTick || missing || chunkFrames !== this.chunkFramesOf(from)) {
      // Nothing to line up with, or the other version is not here yet: continue from here when it is.
      this.pausedFrame = this.positionFrames();
      this.stopSources();
      this.update({ version: to, status: 'buffering' });
      this.resumeIfReady();
      return;
    }
    const incoming: Piece[] = [];
    let frameIn = -1;
    let frameOut = -1;
    for (const piece of outgoing) {
      const buffer = this.buffers[to].get(piece.chunk)!;
      const skip = framesIntoPiece(piece.tick, switchTick, 1);
      const frames = Math.min(piece.frames - skip, buffer.length - piece.offset - skip);
      if (frames <= 0) continue;
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      source.connect(buses[to].fade);
      source.start((piece.tick + skip) / SR, (piece.offset + skip) / SR, frames / SR);
      incoming.push({ version: to, source, tick: piece.tick + skip, frame: piece.frame + skip, frames, chunk: piece.chunk, offset: piece.offset + skip });
      if (frameIn < 0) {
        frameIn = piece.frame + skip;
        frameOut = piece.frame + (switchTick - piece.tick);
      }
      // The outgoing buffer sounds through the fade, then stops; its bus is closed by then anyway.
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
    fade(buses[from].fade.gain, FADE_OUT, 0);
    fade(buses[to].fade.gain, FADE_IN, 1);
    this.pieces = [...this.pieces.filter((p) => p.version === from && p.tick + p.frames > switchTick - FADE_TICKS && p.tick < switchTick + FADE_TICKS), ...incoming];
    this.switches = [...this.switches.slice(-9), { time: at, from, to, frameOut, frameIn }];
    this.update({ version: to });
  }

  private resumeIfReady() {
    if (this.snapshot.status !== 'buffering' || !this.ctx) return;
    const version = this.snapshot.version;
    if (this.buffers[version].has(chunkOf(this.pausedFrame, this.chunkFramesOf(version)))) this.startAt(this.pausedFrame);
  }

  private tick() {
    if (this.snapshot.status === 'playing' && this.ctx) {
      this.schedule();
      const now = this.ctx.currentTime * SR;
      this.pieces = this.pieces.filter((p) => p.tick + p.frames + FADE_TICKS > now);
      while (this.anchors.length > 1 && this.anchors[1]!.time <= now) this.anchors.shift();
    }
    this.pump();
  }

  /* ---------- chunks from the socket ---------- */

  /**
   * One meta request at a time, so an error-message can be told apart. A version marked stale is
   * asked again (after preparation its loudness is known).
   */
  private requestMeta() {
    if (this.metaPending) return;
    for (const version of ['original', 'mastered'] as const) {
      const spec = this.streams[version];
      if (!spec || (this.snapshot.meta[version] && !this.staleMeta.has(version))) continue;
      this.staleMeta.delete(version);
      this.metaPending = version;
      this.socket.send('request-meta', { trackId: this.trackId, ...(spec.styleId ? { styleId: spec.styleId } : {}) });
      return;
    }
  }

  private receiveMeta(payload: unknown) {
    const parsed = ZStreamMeta.safeParse(payload);
    if (!parsed.success || parsed.data.trackId !== this.trackId) return;
    const meta = parsed.data;
    // Only one request is ever in flight, so any meta answers it, even one for a style no longer chosen.
    this.metaPending = null;
    const versions = (['original', 'mastered'] as const).filter((v) => {
      const spec = this.streams[v];
      return spec && spec.styleIndex === meta.styleIndex && (meta.styleIndex === -1 || spec.styleId === null || spec.styleId === meta.styleId);
    });
    if (versions.length === 0) {
      this.requestMeta();
      return;
    }
    const next = { ...this.snapshot.meta };
    for (const version of versions) next[version] = meta;
    this.update({ meta: next });
    this.applyMatchGains();
    this.requestMeta();
    this.pump();
  }

  private versionsOf(styleIndex: number): Version[] {
    return (['original', 'mastered'] as const).filter((v) => this.streams[v]?.styleIndex === styleIndex);
  }

  private receiveFrame(frame: StreamFrame) {
    for (const version of this.versionsOf(frame.styleIndex)) {
      const meta = this.snapshot.meta[version];
      if (!meta) continue;
      this.pending[version].delete(frame.chunkIndex);
      const channels = int16ToFloatChannels(frame.audio, meta.numberOfChannels);
      const length = channels[0]?.length ?? 0;
      if (length === 0) continue;
      const buffer = new AudioBuffer({ length, numberOfChannels: meta.numberOfChannels, sampleRate: SR });
      channels.forEach((data, channel) => buffer.getChannelData(channel).set(data));
      this.buffers[version].set(frame.chunkIndex, buffer);
      const playhead = chunkOf(this.positionFrames(), this.chunkFramesOf(version));
      for (const chunk of chunksToEvict(this.buffers[version].keys(), playhead, KEEP_CHUNKS)) this.buffers[version].delete(chunk);
    }
    this.resumeIfReady();
    this.pump();
  }

  private receiveCanceled(payload: unknown) {
    const { styleIndex, chunkIndices } = (payload ?? {}) as { styleIndex?: unknown; chunkIndices?: unknown };
    if (typeof styleIndex !== 'number' || !Array.isArray(chunkIndices)) return;
    for (const version of this.versionsOf(styleIndex)) for (const chunk of chunkIndices) this.pending[version].delete(chunk as number);
  }

  private receiveError(payload: unknown) {
    const parsed = ZErrorMessagePayload.safeParse(payload);
    if (!parsed.success) return;
    const { code, event } = parsed.data;
    if (event !== 'request-chunks' && event !== 'request-meta') return;
    // Requests go out one stream at a time, so the failed one is the one that waits.
    const failed: Version | null =
      event === 'request-meta' ? this.metaPending : this.pending.mastered.size > 0 ? 'mastered' : this.pending.original.size > 0 ? 'original' : null;
    if (event === 'request-meta') this.metaPending = null;
    if (!failed) return;
    this.pending[failed].clear();
    if (code === 'binary.s3File.missing') {
      // Spec §8: the stored file is being repaired: reload after 5 s.
      this.update({ error: code });
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      return;
    }
    if (failed === 'mastered' && this.streams.original) {
      if (code === 'mastering.notPrepared') this.update({ masteredState: 'waiting' });
      else this.update({ masteredState: 'unavailable' });
      if (this.snapshot.version === 'mastered') {
        this.pause();
        this.update({ version: 'original' });
        this.applyBusGains();
      }
      return;
    }
    if (code === 'mastering.notPrepared') {
      this.update({ masteredState: 'waiting' });
      return;
    }
    this.pause();
    this.update({ error: code });
  }

  /** Drops what the server still queues for a part of the track the listener left (a seek). */
  private dropStaleRequests(frame: number) {
    const version = this.snapshot.version;
    const wanted = new Set(upcomingChunks(frame, this.chunkFramesOf(version), this.snapshot.range ?? wholeTrack(this.totalFrames)));
    const stale = [...this.pending.original.keys(), ...this.pending.mastered.keys()].some((chunk) => !wanted.has(chunk));
    if (!stale) return;
    this.socket.send('stop-binary', {});
    this.pending.original.clear();
    this.pending.mastered.clear();
  }

  /**
   * Asks for the chunks up to 8 ahead of the playhead (spec §9): the heard version first, then the
   * other one, so a toggle finds its buffers. One stream at a time, because asking for another
   * style cancels what is still queued of the previous one (spec §4).
   */
  private pump() {
    const total = this.totalFrames;
    if (total === 0 || this.snapshot.error) return;
    const nowMs = Date.now();
    for (const version of ['original', 'mastered'] as const) {
      for (const [chunk, at] of this.pending[version]) if (nowMs - at > REQUEST_TIMEOUT_MS) this.pending[version].delete(chunk);
    }
    const active = this.snapshot.version;
    const order: Version[] = active === 'original' ? ['original', 'mastered'] : ['mastered', 'original'];
    const frame = this.positionFrames();
    for (const version of order) {
      const spec = this.streams[version];
      if (!spec || !this.snapshot.meta[version]) continue;
      if (version === 'mastered' && this.snapshot.masteredState !== 'ready') continue;
      const other: Version = version === 'original' ? 'mastered' : 'original';
      const otherSpec = this.streams[other];
      if (this.pending[other].size > 0 && otherSpec && otherSpec.styleIndex !== spec.styleIndex) return;
      const upcoming = upcomingChunks(frame, this.chunkFramesOf(version), this.range);
      const want = chunksToRequest(upcoming, (chunk) => this.buffers[version].has(chunk), new Set(this.pending[version].keys()));
      if (want.length === 0) continue;
      for (const chunk of want) this.pending[version].set(chunk, nowMs);
      this.socket.send('request-chunks', { trackId: this.trackId, styleIndex: spec.styleIndex, styleId: spec.styleId, chunkIndices: want });
      return;
    }
  }
}
