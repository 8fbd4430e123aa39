import type { StreamFrame } from '../../../../../src/modules/streaming/stream-frame.js';
import { ZErrorMessagePayload, ZStreamMeta, type TStreamMeta } from '../../../../../src/modules/streaming/streaming.schemas.js';
import { isDefaultAmounts, type Amounts, type Intensity } from '../../../../../src/modules/masters/masters.constants.js';
import type { MediaSocket } from './media-socket.js';

/**
 * The socket half of the A/B player (player, events; split from the Web Audio scheduler
 *): asks for stream metas and chunks and tells the player what came back. It holds what
 * is in flight, so it can keep the protocol's rules: one meta request at a time (so an
 * error-message can be told apart), and chunks of one style at a time (asking for another style
 * cancels what the sidecar still queues of the previous one).
 */
export interface StreamSpec {
  /** -1 for the original; a style's stream index (streamIndexOf: its index with the intensity and amounts in it). */
  styleIndex: number;
  styleId: number | null;
  /** The intensity the style is heard at; absent: Medium. */
  intensity?: Intensity;
  /** The tone, width and dynamics amounts it is heard at; absent: 100 % each. */
  amounts?: Amounts;
  /** The stored master made toward this reference track (its stream index says so too); absent: none. */
  referenceId?: string | null;
}

export const streamKey = (spec: StreamSpec): string => `${spec.styleIndex}:${spec.styleId ?? '-'}${spec.referenceId ? `@${spec.referenceId}` : ''}`;
export const ORIGINAL: StreamSpec = { styleIndex: -1, styleId: null };

/** A stream the player wants chunks of, in order of need. */
export interface StreamWant {
  spec: StreamSpec;
  /** The chunks it needs next, in playing order. */
  chunks: readonly number[];
  held(chunk: number): boolean;
}

export interface StreamFeedHandlers {
  meta(meta: TStreamMeta): void;
  frame(frame: StreamFrame): void;
  /** A meta or chunk request failed with a code; `spec` is the stream it was for. */
  failed(spec: StreamSpec, code: string): void;
  /** The socket came back: the sidecar forgot what was asked. */
  reconnected(): void;
}

/** A request the server has not answered in this time is asked for again. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Server limit on the chunk indices of one request-chunks. */
const MAX_CHUNKS_PER_REQUEST = 32;

export class StreamFeed {
  private metaInFlight: StreamSpec | null = null;
  /** Chunks asked for and not yet answered, by stream key: chunk -> time asked. */
  private pending = new Map<string, { spec: StreamSpec; chunks: Map<number, number> }>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly socket: MediaSocket,
    private readonly trackId: string,
    private readonly handlers: StreamFeedHandlers,
  ) {
    this.unsubscribe = [
      socket.on('meta', ({ payload }) => this.receiveMeta(payload)),
      socket.onFrame((frame) => this.receiveFrame(frame)),
      socket.on('chunks-canceled', ({ payload }) => this.receiveCanceled(payload)),
      socket.on('error-message', ({ payload }) => this.receiveError(payload)),
      socket.onOpen((reconnected) => {
        if (!reconnected) return;
        this.pending.clear();
        this.metaInFlight = null;
        handlers.reconnected();
      }),
    ];
  }

  get metaPending(): boolean {
    return this.metaInFlight !== null;
  }

  /** Asks for a stream's meta; false when another meta request is still on its way. */
  requestMeta(spec: StreamSpec): boolean {
    if (this.metaInFlight) return false;
    this.metaInFlight = spec;
    this.socket.send('request-meta', {
      trackId: this.trackId,
      ...(spec.styleId ? { styleId: spec.styleId } : {}),
      ...(spec.styleId && spec.intensity && spec.intensity !== 'medium' ? { intensity: spec.intensity } : {}),
      ...(spec.styleId && !isDefaultAmounts(spec.amounts) ? { amounts: spec.amounts } : {}),
      ...(spec.styleId && spec.referenceId ? { referenceId: spec.referenceId } : {}),
    });
    return true;
  }

  isPending(spec: StreamSpec, chunk: number): boolean {
    return this.pending.get(streamKey(spec))?.chunks.has(chunk) ?? false;
  }

  /** Chunk indices in flight for any stream. */
  pendingChunks(): number[] {
    return [...this.pending.values()].flatMap((entry) => [...entry.chunks.keys()]);
  }

  /** Stops what the server still queues; nothing is in flight afterwards. */
  stopBinary(): void {
    this.socket.send('stop-binary', {});
    this.pending.clear();
  }

  /** Forgets the chunks in flight for one stream (its answers are no longer wanted). */
  forget(spec: StreamSpec): void {
    this.pending.delete(streamKey(spec));
  }

  /**
   * Asks for what the first stream in need lacks, at most one request: a stream waits while
   * another style's chunks are in flight (asking for another style cancels those).
   */
  pump(wants: readonly StreamWant[]): void {
    const now = Date.now();
    for (const [key, entry] of this.pending) {
      for (const [chunk, at] of entry.chunks) if (now - at > REQUEST_TIMEOUT_MS) entry.chunks.delete(chunk);
      if (entry.chunks.size === 0) this.pending.delete(key);
    }
    for (const want of wants) {
      const key = streamKey(want.spec);
      const busy = [...this.pending.values()].some((entry) => entry.chunks.size > 0 && entry.spec.styleIndex !== want.spec.styleIndex);
      if (busy) return;
      const inFlight = this.pending.get(key)?.chunks;
      const chunkIndices = want.chunks.filter((chunk) => !want.held(chunk) && !inFlight?.has(chunk)).slice(0, MAX_CHUNKS_PER_REQUEST);
      if (chunkIndices.length === 0) continue;
      const entry = this.pending.get(key) ?? { spec: want.spec, chunks: new Map<number, number>() };
      for (const chunk of chunkIndices) entry.chunks.set(chunk, now);
      this.pending.set(key, entry);
      this.socket.send('request-chunks', {
        trackId: this.trackId,
        styleIndex: want.spec.styleIndex,
        styleId: want.spec.styleId,
        chunkIndices,
        ...(want.spec.referenceId ? { referenceId: want.spec.referenceId } : {}),
      });
      return;
    }
  }

  destroy(): void {
    for (const off of this.unsubscribe) off();
  }

  private receiveMeta(payload: unknown) {
    const parsed = ZStreamMeta.safeParse(payload);
    if (!parsed.success || parsed.data.trackId !== this.trackId) return;
    // Only one request is ever in flight, so any meta answers it, even one for a stream no longer wanted.
    this.metaInFlight = null;
    this.handlers.meta(parsed.data);
  }

  private settle(styleIndex: number, chunks: readonly number[]) {
    for (const [key, entry] of this.pending) {
      if (entry.spec.styleIndex !== styleIndex) continue;
      for (const chunk of chunks) entry.chunks.delete(chunk);
      if (entry.chunks.size === 0) this.pending.delete(key);
    }
  }

  private receiveFrame(frame: StreamFrame) {
    this.settle(frame.styleIndex, [frame.chunkIndex]);
    this.handlers.frame(frame);
  }

  private receiveCanceled(payload: unknown) {
    const { styleIndex, chunkIndices } = (payload ?? {}) as { styleIndex?: unknown; chunkIndices?: unknown };
    if (typeof styleIndex !== 'number' || !Array.isArray(chunkIndices)) return;
    this.settle(styleIndex, chunkIndices.filter((chunk): chunk is number => typeof chunk === 'number'));
  }

  private receiveError(payload: unknown) {
    const parsed = ZErrorMessagePayload.safeParse(payload);
    if (!parsed.success) return;
    const { code, event } = parsed.data;
    if (event === 'request-meta') {
      const spec = this.metaInFlight;
      this.metaInFlight = null;
      if (spec) this.handlers.failed(spec, code);
      return;
    }
    if (event !== 'request-chunks') return;
    // Chunks go out one style at a time, so the failed request is the style that waits; a style
    // before the original, which is asked for first and fails last.
    const entries = [...this.pending.values()].filter((entry) => entry.chunks.size > 0);
    const failed = entries.find((entry) => entry.spec.styleIndex !== -1) ?? entries[0];
    if (!failed) return;
    this.pending.delete(streamKey(failed.spec));
    this.handlers.failed(failed.spec, code);
  }
}
