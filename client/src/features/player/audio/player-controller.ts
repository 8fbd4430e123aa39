import type { StreamFrame } from '../../../../../src/modules/streaming/stream-frame.js';
import type { TStreamMeta } from '../../../../../src/modules/streaming/streaming.schemas.js';
import type { MediaSocket } from '../api/media-socket.js';
import { StreamFeed, streamKey, type StreamSpec, type StreamWant } from '../api/stream-feed.js';
import { PLATFORM_RULES, type TPlatformId } from '../../../../../src/modules/platforms/platforms.schemas.js';
import { loudnessMatchGains, platformPlayGains, referenceGainDb, volumeToGain, type MatchGains, type ReferenceLoudness } from './loudness-match.js';
import { int16ToFloatChannels } from './pcm.js';
import { PlaybackScheduler, SR, type ScheduledStream, type StreamVersion, type Version } from './playback-scheduler.js';
import { referencePeaks, type ReferenceAudio } from './reference-audio.js';
import { chunkOf, chunksToEvict, normalizeRange, upcomingChunks, wholeTrack, type LoopRange } from './timeline.js';

/**
 * The A/B player: joins the socket protocol (`StreamFeed`) and the Web Audio scheduler
 * (`PlaybackScheduler`) and keeps the state React renders. It holds the decoded chunks of the
 * original, the chosen style and the styles nearest to it in the chooser, so that switching
 * Original/Mastered, or the style while mastered plays, continues at the same sample.
 */
export type { StreamVersion, Version } from './playback-scheduler.js';
export type { StreamSpec } from '../api/stream-feed.js';
export type PlayStatus = 'idle' | 'playing' | 'paused' | 'buffering';
/** Whether the mastered stream can be heard: 'waiting' until the track's preparation is processed. */
export type MasteredState = 'ready' | 'waiting' | 'unavailable';
/**
 * The reference track heard beside original and master: none chosen; chosen but not fetched (it is
 * fetched and decoded the first time it is asked for, as most listeners never hear it); being
 * fetched and decoded; ready; or not to be had (asking for it again tries again).
 */
export type ReferenceState = 'none' | 'unloaded' | 'loading' | 'ready' | 'failed';

export interface PlayerSnapshot {
  status: PlayStatus;
  version: Version;
  volume: number;
  muted: boolean;
  matchLoudness: boolean;
  /** "Played on": both versions at the gain this platform would apply (null: as matchLoudness says). */
  platform: TPlatformId | null;
  gains: MatchGains;
  /** null: the whole track (which loops at its end). */
  range: LoopRange | null;
  meta: Record<StreamVersion, TStreamMeta | null>;
  masteredState: MasteredState;
  reference: ReferenceState;
  /** The reference track's loudness as the player measured it once decoded (null: not decoded, or silent). */
  referenceLoudness: ReferenceLoudness | null;
  /** The reference's waveform over the track's timeline, as it is heard there (null: not decoded). */
  referencePeaks: number[] | null;
  /** A message code when the player cannot play. */
  error: string | null;
}

/** Chunks kept of a heard stream (about 350 kB each for a stereo second). */
const KEEP_CHUNKS = 48;
/** Chunks kept ready, at the playhead, of each style near the chosen one: enough to switch on. */
const NEARBY_CHUNKS = 3;
/** Styles kept ready on either side of the chosen one. */
const NEARBY_LIMIT = 2;
const RELOAD_DELAY_MS = 5000;

/** Only one player plays at a time on a page. */
const players = new Set<PlayerController>();

export interface PlayerControllerOptions {
  trackId: string;
  streams: Record<StreamVersion, StreamSpec | null>;
  /** The version heard first (a custom master starts, and stays, mastered). */
  initialVersion: Version;
}

export class PlayerController {
  private readonly scheduler: PlaybackScheduler;
  private readonly feed: StreamFeed;
  private buffers = new Map<string, Map<number, AudioBuffer>>();
  private metas = new Map<string, TStreamMeta>();
  private staleMeta = new Set<string>();
  private pausedFrame = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<() => void>();
  private streams: Record<StreamVersion, StreamSpec | null>;
  private referenceAudio: ReferenceAudio | null = null;
  /** The reference asked for last: an older one still decoding is dropped when it arrives. */
  private wantedReference: string | null = null;
  private loadReference: ((id: string) => Promise<ReferenceAudio>) | null = null;
  private nearby: StreamSpec[] = [];
  /** Nearby styles the server would not serve (not prepared yet): skipped until the preparation ends. */
  private nearbyRefused = new Set<string>();
  private readonly trackId: string;
  private snapshot: PlayerSnapshot;

  constructor(socket: MediaSocket, options: PlayerControllerOptions) {
    this.trackId = options.trackId;
    this.streams = options.streams;
    this.snapshot = {
      status: 'idle',
      version: options.initialVersion,
      volume: 100,
      muted: false,
      matchLoudness: true,
      platform: null,
      gains: { originalDb: 0, masteredDb: 0 },
      range: null,
      meta: { original: null, mastered: null },
      masteredState: 'ready',
      reference: 'none',
      referenceLoudness: null,
      referencePeaks: null,
      error: null,
    };
    players.add(this);
    this.scheduler = new PlaybackScheduler(() => this.range);
    this.feed = new StreamFeed(socket, this.trackId, {
      meta: (meta) => this.receiveMeta(meta),
      frame: (frame) => this.receiveFrame(frame),
      failed: (spec, code) => this.receiveError(spec, code),
      reconnected: () => this.requestMeta(),
    });
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

  private get range(): LoopRange {
    return this.snapshot.range ?? wholeTrack(this.totalFrames);
  }

  private chunkFramesOf(spec: StreamSpec | null): number {
    const meta = spec ? this.metas.get(streamKey(spec)) : undefined;
    return meta ? Math.max(1, meta.chunkSize / (meta.numberOfChannels * 2)) : SR;
  }

  private streamOf(spec: StreamSpec, lane: Version): ScheduledStream {
    const key = streamKey(spec);
    return { key, lane, chunkFrames: this.chunkFramesOf(spec), bufferOf: (chunk) => this.buffers.get(key)?.get(chunk) };
  }

  /** The reference track as a stream: its chunks over and over, so it plays beside a longer track to its end. */
  private referenceStream(): ScheduledStream | null {
    const audio = this.referenceAudio;
    if (!audio || audio.chunks.length === 0) return null;
    return { key: `reference:${audio.id}`, lane: 'reference', chunkFrames: SR, bufferOf: (chunk) => audio.chunks[chunk % audio.chunks.length] };
  }

  private streamFor(version: Version): ScheduledStream | null {
    if (version === 'reference') return this.referenceStream();
    const spec = this.streams[version];
    return spec ? this.streamOf(spec, version) : null;
  }

  private heardStream(): ScheduledStream | null {
    return this.streamFor(this.snapshot.version);
  }

  /** The playhead in track frames, read from the audio clock while playing. */
  positionFrames = (): number => (this.snapshot.status === 'playing' ? this.scheduler.positionFrames() : this.pausedFrame);

  /** What the browser tests read through the test build's hook (see testing/player-test-hook.ts). */
  inspect() {
    return {
      positionFrames: () => this.positionFrames(),
      version: () => this.snapshot.version,
      status: () => this.snapshot.status,
      contextTime: () => this.scheduler.currentTime,
      /** Position and audio-clock time read together. */
      // The audio clock moves in 512-frame blocks on another thread: read it once for both figures.
      sample: () => {
        const contextTime = this.scheduler.currentTime;
        const frames = this.snapshot.status === 'playing' ? this.scheduler.positionFramesAt(contextTime) : this.pausedFrame;
        return { frames, contextTime, version: this.snapshot.version };
      },
      /** What the audio graph holds: each scheduled buffer's version, stream, start time and first frame. */
      scheduled: () => this.scheduler.scheduled(),
      switches: () => this.scheduler.switches(),
      /** The reference track: its state, its measured loudness and true peak, and the gain it is heard at (dB). */
      reference: () => ({
        state: this.snapshot.reference,
        lufs: this.referenceAudio?.loudness?.lufs ?? null,
        truePeakDb: this.referenceAudio?.loudness?.truePeakDb ?? null,
        gainDb: this.snapshot.gains.referenceDb ?? 0,
      }),
      /** Chunks held of the heard original and mastered streams. */
      buffered: () => ({ original: this.heldChunks(this.streams.original), mastered: this.heldChunks(this.streams.mastered) }),
      /** Chunks held of a style, by its index. */
      bufferedStyle: (styleIndex: number) => [...this.buffers.entries()].filter(([key]) => key.startsWith(`${styleIndex}:`)).flatMap(([, held]) => [...held.keys()]),
      masteredState: () => this.snapshot.masteredState,
      /** The loudness the gains are computed from, and the platform chosen. */
      loudness: () => ({ original: this.snapshot.meta.original?.loudness.original ?? this.snapshot.meta.mastered?.loudness.original ?? null, master: this.snapshot.meta.mastered?.loudness.master ?? null, platform: this.snapshot.platform }),
      /** The platform limiter's gain reduction now, dB (null: none in the path). */
      limiterReductionDb: () => this.scheduler.limiterReductionDb(),
      /** The loudness-match gains the graph applies now, dB. */
      laneGainsDb: () => this.scheduler.laneGainsDb(),
      /** The last frames heard (mono), with the audio-clock time and the playhead at that time. */
      output: (size: number) => {
        const tap = this.scheduler.tap(size);
        if (!tap) return null;
        return { contextTime: tap.contextTime, frames: this.scheduler.positionFramesAt(tap.contextTime), samples: [...tap.samples] };
      },
      /** Frames of a version's held chunks, mixed to mono as the speakers' tap hears them (null where not held). */
      pcm: (version: Version, start: number, count: number) => {
        const stream = this.streamFor(version);
        if (!stream) return null;
        const chunkFrames = stream.chunkFrames;
        const out: number[] = [];
        for (let frame = start; frame < start + count; frame++) {
          const buffer = stream.bufferOf(Math.floor(frame / chunkFrames));
          if (!buffer) return null;
          const at = frame % chunkFrames;
          let sum = 0;
          for (let c = 0; c < buffer.numberOfChannels; c++) sum += buffer.getChannelData(c)[at]!;
          out.push(buffer.numberOfChannels === 1 ? sum : sum / buffer.numberOfChannels);
        }
        return out;
      },
    };
  }

  private heldChunks(spec: StreamSpec | null): number[] {
    return spec ? [...(this.buffers.get(streamKey(spec))?.keys() ?? [])] : [];
  }

  /* ---------- controls ---------- */

  async play(): Promise<void> {
    if (this.running || this.totalFrames === 0) return;
    for (const other of players) if (other !== this) other.pause();
    const first = !this.scheduler.opened;
    await this.scheduler.open();
    if (first) {
      this.applyVolume();
      this.applyMatchGains();
    }
    this.startAt(this.pausedFrame);
  }

  pause(): void {
    const status = this.snapshot.status;
    if (status !== 'playing' && status !== 'buffering') return;
    if (status === 'playing') this.pausedFrame = this.positionFrames();
    this.scheduler.stop();
    this.update({ status: 'paused' });
  }

  togglePlay(): void {
    if (this.running) this.pause();
    else void this.play();
  }

  seek(frame: number): void {
    const total = this.totalFrames;
    if (total === 0) return;
    const target = Math.max(0, Math.min(total - 1, Math.round(frame)));
    const range = this.snapshot.range;
    if (range && (target < range.start || target >= range.end)) this.update({ range: null });
    this.dropStaleRequests(target);
    this.moveTo(target);
  }

  /** Sounding (or waiting for data to sound): what play continues and pause stops. */
  private get running(): boolean {
    return this.snapshot.status === 'playing' || this.snapshot.status === 'buffering';
  }

  /** Plays on from `frame` when running; else the playhead waits there. */
  private moveTo(frame: number): void {
    if (this.running) {
      this.scheduler.stop();
      this.startAt(frame);
    } else {
      this.pausedFrame = frame;
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
    this.moveTo(next && (position < next.start || position >= next.end) ? next.start : position);
  }

  setVersion(version: Version): void {
    if (version === this.snapshot.version) return;
    if (version === 'reference' && !this.referenceAudio) {
      this.hearReferenceOnceLoaded();
      return;
    }
    const stream = this.streamFor(version);
    if (!stream) return;
    if (this.snapshot.status === 'playing') {
      const switched = this.scheduler.switchTo(stream);
      this.update({ version });
      if (!switched) this.continueFromPlayhead();
      return;
    }
    this.update({ version });
    this.scheduler.hear(this.heardStream());
    if (this.snapshot.status === 'buffering') this.resumeIfReady();
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

  setPlatform(platform: TPlatformId | null): void {
    this.update({ platform });
    this.applyMatchGains();
  }

  /**
   * The styles next to the chosen one in the chooser: the first seconds at the playhead of each
   * are kept ready, so a style switch while playing continues at the same sample.
   */
  setNearbyStreams(specs: readonly StreamSpec[]): void {
    const next = specs.slice(0, NEARBY_LIMIT * 2);
    if (next.map(streamKey).join() === this.nearby.map(streamKey).join()) return;
    this.nearby = next;
    this.forgetUnwanted();
    this.requestMeta();
  }

  /** The mastered stream changes (another style chosen): playback goes on with the new style. */
  setMasteredStream(spec: StreamSpec | null): void {
    const current = this.streams.mastered;
    if (current?.styleIndex === spec?.styleIndex && current?.styleId === spec?.styleId && (current?.referenceId ?? null) === (spec?.referenceId ?? null)) return;
    const hearingMastered = this.snapshot.version === 'mastered';
    const previous = this.streams.mastered;
    this.streams = { ...this.streams, mastered: spec };
    // The style left is likely wanted again: it stays ready as a nearby one until the chooser says otherwise.
    if (previous && spec && !this.nearby.some((n) => streamKey(n) === streamKey(previous))) this.nearby = [previous, ...this.nearby];
    const meta = spec ? (this.metas.get(streamKey(spec)) ?? null) : null;
    this.update({
      meta: { ...this.snapshot.meta, mastered: meta },
      masteredState: 'ready',
      version: hearingMastered && !spec && this.streams.original ? 'original' : this.snapshot.version,
    });
    this.applyMatchGains();
    if (hearingMastered && spec && this.snapshot.status === 'playing' && meta) {
      if (this.scheduler.switchTo(this.streamOf(spec, 'mastered'))) {
        this.forgetUnwanted();
        this.pump();
        return;
      }
    }
    if (hearingMastered && this.snapshot.status === 'playing') this.continueFromPlayhead();
    else if (this.snapshot.status !== 'playing') this.scheduler.hear(this.heardStream());
    // Asking for another style cancels what the sidecar still queues.
    this.feed.stopBinary();
    this.forgetUnwanted();
    this.requestMeta();
    this.pump();
  }

  /**
   * The reference track heard as a third version (null: none): fetched and decoded by `load` the
   * first time it is asked for, then played beside the others at the master's loudness. Leaving it
   * while it is heard goes back to the master.
   */
  setReference(id: string | null, load: (id: string) => Promise<ReferenceAudio>): void {
    this.loadReference = load;
    if (id === this.wantedReference) return;
    this.wantedReference = id;
    if (this.snapshot.version === 'reference') this.leaveReference();
    this.referenceAudio = null;
    this.update({ reference: id ? 'unloaded' : 'none', referenceLoudness: null, referencePeaks: null });
    this.applyMatchGains();
  }

  /**
   * The reference is asked for before it is here: it is heard from now on, and the player waits for
   * it as for any stream's chunk (buffering while it plays); one that cannot be had goes back to the master.
   */
  private hearReferenceOnceLoaded() {
    const id = this.wantedReference;
    const load = this.loadReference;
    if (!id || !load) return;
    const playing = this.snapshot.status === 'playing';
    this.update({ version: 'reference' });
    if (playing) this.continueFromPlayhead();
    else this.scheduler.hear(null);
    if (this.snapshot.reference === 'loading') return;
    this.update({ reference: 'loading' });
    load(id).then(
      (audio) => {
        if (this.wantedReference !== id) return;
        this.referenceAudio = audio;
        this.update({ reference: 'ready', referenceLoudness: audio.loudness, referencePeaks: this.totalFrames > 0 ? referencePeaks(audio, this.totalFrames) : null });
        this.applyMatchGains();
        if (this.snapshot.version !== 'reference') return;
        this.scheduler.hear(this.heardStream());
        this.resumeIfReady();
      },
      () => {
        if (this.wantedReference !== id) return;
        this.update({ reference: 'failed' });
        if (this.snapshot.version === 'reference') this.leaveReference();
      },
    );
  }

  private leaveReference() {
    const back: Version = this.streams.mastered ? 'mastered' : 'original';
    const stream = this.streamFor(back);
    if (this.snapshot.status === 'playing' && stream && this.scheduler.switchTo(stream)) {
      this.update({ version: back });
      return;
    }
    this.update({ version: back });
    if (this.snapshot.status === 'playing') this.continueFromPlayhead();
    else {
      this.scheduler.hear(this.heardStream());
      this.resumeIfReady();
    }
  }

  /** The track's preparation was processed: mastered chunks can be rendered now. */
  onPrepared(): void {
    if (this.snapshot.masteredState === 'unavailable') return;
    // When mastering is processed the binary stream is stopped and chunks are asked again.
    this.feed.stopBinary();
    this.update({ masteredState: 'ready' });
    this.nearbyRefused.clear();
    // After preparation the loudness of every stream is known: ask for each meta again.
    for (const key of this.metas.keys()) this.staleMeta.add(key);
    for (const spec of this.wantedSpecs()) this.staleMeta.add(streamKey(spec));
    this.requestMeta();
  }

  destroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.feed.destroy();
    this.scheduler.close();
    players.delete(this);
    this.listeners.clear();
  }

  /* ---------- playback ---------- */

  private applyVolume() {
    this.scheduler.setVolume(volumeToGain(this.snapshot.volume, this.snapshot.muted));
  }

  private applyMatchGains() {
    const { original, mastered } = this.snapshot.meta;
    // The original's loudness rides on every meta once the track is analysed; channels are the original's.
    const originalMeasured = original?.loudness.original ?? mastered?.loudness.original;
    const originalLoudness = originalMeasured ? { lufs: originalMeasured.lufs, truePeak: originalMeasured.truePeak, channels: (original ?? mastered)!.numberOfChannels } : null;
    const masteredLoudness = mastered?.loudness.master ? { lufs: mastered.loudness.master.lufs, truePeak: mastered.loudness.master.truePeak, channels: mastered.numberOfChannels } : null;
    const platform = this.snapshot.platform;
    const versionGains = platform
      ? platformPlayGains(this.streams.original ? originalLoudness : null, this.streams.mastered ? masteredLoudness : null, PLATFORM_RULES[platform])
      : this.streams.original && this.streams.mastered
        ? loudnessMatchGains(originalLoudness, masteredLoudness, this.snapshot.matchLoudness)
        : { originalDb: 0, masteredDb: 0 };
    const gains: MatchGains = {
      ...versionGains,
      referenceDb: referenceGainDb(this.referenceAudio?.loudness ?? null, masteredLoudness, versionGains.masteredDb, platform ? PLATFORM_RULES[platform] : null),
    };
    const current = this.snapshot.gains;
    if (gains.originalDb !== current.originalDb || gains.masteredDb !== current.masteredDb || gains.referenceDb !== current.referenceDb) this.update({ gains });
    this.scheduler.setMatchGains(gains);
    this.scheduler.setLimiter(platform ? PLATFORM_RULES[platform].limiter : null);
  }

  private startAt(frame: number) {
    if (!this.scheduler.opened) return;
    const range = this.range;
    const start = frame >= range.end || frame < range.start ? range.start : frame;
    this.pausedFrame = start;
    const stream = this.heardStream();
    if (!stream || !this.scheduler.start(start, stream)) {
      this.update({ status: 'buffering' });
      this.pump();
      return;
    }
    this.update({ status: 'playing' });
  }

  /** The heard stream lacks what is scheduled: stop and go on from the playhead once it is here. */
  private continueFromPlayhead() {
    this.pausedFrame = this.positionFrames();
    this.scheduler.stop();
    this.update({ status: 'buffering' });
    this.resumeIfReady();
  }

  private resumeIfReady() {
    if (this.snapshot.status !== 'buffering' || !this.scheduler.opened) return;
    const stream = this.heardStream();
    if (stream?.bufferOf(chunkOf(this.pausedFrame, stream.chunkFrames))) this.startAt(this.pausedFrame);
  }

  private tick() {
    if (this.snapshot.status === 'playing') {
      const starvedAt = this.scheduler.schedule();
      if (starvedAt !== null) {
        // The needed chunk is missing: stop where the scheduled audio ends, resume when it comes.
        this.pausedFrame = starvedAt;
        this.update({ status: 'buffering' });
      }
      this.scheduler.prune();
    }
    this.pump();
  }

  /* ---------- streams from the socket ---------- */

  /** Whether the stream is heard as Original or Mastered (not only kept ready nearby). */
  private isHeard(key: string): boolean {
    return (['original', 'mastered'] as const).some((version) => {
      const spec = this.streams[version];
      return spec !== null && streamKey(spec) === key;
    });
  }

  private usableNearby(): StreamSpec[] {
    if (this.snapshot.masteredState !== 'ready') return [];
    return this.nearby.filter((spec) => !this.nearbyRefused.has(streamKey(spec)));
  }

  private wantedSpecs(): StreamSpec[] {
    const specs = [this.streams.original, this.streams.mastered, ...this.usableNearby()].filter((spec): spec is StreamSpec => spec !== null);
    const seen = new Set<string>();
    return specs.filter((spec) => !seen.has(streamKey(spec)) && seen.add(streamKey(spec)));
  }

  /** Drops the chunks of streams no longer heard nor near. */
  private forgetUnwanted() {
    const wanted = new Set(this.wantedSpecs().map(streamKey));
    for (const key of this.buffers.keys()) if (!wanted.has(key)) this.buffers.delete(key);
  }

  /** One meta request at a time: the heard streams first, then the nearby styles. */
  private requestMeta() {
    if (this.feed.metaPending) return;
    for (const spec of this.wantedSpecs()) {
      const key = streamKey(spec);
      if (this.metas.has(key) && !this.staleMeta.has(key)) continue;
      this.staleMeta.delete(key);
      this.feed.requestMeta(spec);
      return;
    }
  }

  private receiveMeta(meta: TStreamMeta) {
    const matches = (spec: StreamSpec) => spec.styleIndex === meta.styleIndex && (meta.styleIndex === -1 || spec.styleId === null || spec.styleId === meta.styleId);
    const specs = this.wantedSpecs().filter(matches);
    for (const spec of specs) this.metas.set(streamKey(spec), meta);
    if (specs.length > 0) {
      const versions = (['original', 'mastered'] as const).filter((v) => this.streams[v] && matches(this.streams[v]));
      if (versions.length > 0) {
        const next = { ...this.snapshot.meta };
        for (const version of versions) next[version] = meta;
        this.update({ meta: next });
        this.applyMatchGains();
      }
    }
    this.requestMeta();
    this.pump();
  }

  private receiveFrame(frame: StreamFrame) {
    for (const spec of this.wantedSpecs()) {
      if (spec.styleIndex !== frame.styleIndex) continue;
      const key = streamKey(spec);
      const meta = this.metas.get(key);
      if (!meta) continue;
      const channels = int16ToFloatChannels(frame.audio, meta.numberOfChannels);
      const length = channels[0]?.length ?? 0;
      if (length === 0) continue;
      const buffer = new AudioBuffer({ length, numberOfChannels: meta.numberOfChannels, sampleRate: SR });
      channels.forEach((data, channel) => buffer.getChannelData(channel).set(data));
      const held = this.buffers.get(key) ?? new Map<number, AudioBuffer>();
      held.set(frame.chunkIndex, buffer);
      this.buffers.set(key, held);
      const heard = this.isHeard(key);
      const playhead = chunkOf(this.positionFrames(), this.chunkFramesOf(spec));
      for (const chunk of chunksToEvict(held.keys(), playhead, heard ? KEEP_CHUNKS : NEARBY_CHUNKS * 2)) held.delete(chunk);
    }
    this.resumeIfReady();
    this.pump();
  }

  private receiveError(spec: StreamSpec, code: string) {
    const key = streamKey(spec);
    const version: StreamVersion | null = this.streams.mastered && streamKey(this.streams.mastered) === key ? 'mastered' : this.streams.original && streamKey(this.streams.original) === key ? 'original' : null;
    if (!version) {
      // A nearby style that cannot be served: it is simply not kept ready.
      this.nearbyRefused.add(key);
      return;
    }
    if (code === 'binary.s3File.missing') {
      // The stored file is being repaired: reload after 5 s.
      this.update({ error: code });
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      return;
    }
    if (version === 'mastered' && this.streams.original) {
      if (code === 'mastering.notPrepared') this.update({ masteredState: 'waiting' });
      else this.update({ masteredState: 'unavailable' });
      if (this.snapshot.version === 'mastered') {
        this.pause();
        this.update({ version: 'original' });
        this.scheduler.hear(this.heardStream());
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
    const wanted = new Set(upcomingChunks(frame, this.chunkFramesOf(version === 'reference' ? null : this.streams[version]), this.range));
    if (this.feed.pendingChunks().some((chunk) => !wanted.has(chunk))) this.feed.stopBinary();
  }

  /**
   * Asks for the chunks up to 8 ahead of the playhead: the heard version first, then the
   * other one, so a toggle finds its buffers; then the first seconds of the nearby styles.
   */
  private pump() {
    if (this.totalFrames === 0 || this.snapshot.error) return;
    const frame = this.positionFrames();
    const active = this.snapshot.version;
    const order: StreamVersion[] = active === 'mastered' ? ['mastered', 'original'] : ['original', 'mastered'];
    const want = (spec: StreamSpec, ahead?: number): StreamWant => {
      const key = streamKey(spec);
      return { spec, chunks: upcomingChunks(frame, this.chunkFramesOf(spec), this.range, ahead), held: (chunk) => this.buffers.get(key)?.has(chunk) ?? false };
    };
    const wants: StreamWant[] = [];
    for (const version of order) {
      const spec = this.streams[version];
      if (!spec || !this.snapshot.meta[version]) continue;
      if (version === 'mastered' && this.snapshot.masteredState !== 'ready') continue;
      wants.push(want(spec));
    }
    for (const spec of this.usableNearby()) {
      if (!this.isHeard(streamKey(spec)) && this.metas.has(streamKey(spec))) wants.push(want(spec, NEARBY_CHUNKS - 1));
    }
    this.feed.pump(wants);
  }
}
