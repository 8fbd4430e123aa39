import { chunkCountOf } from './pcm.js';
import { ChunkOutOfRangeError, framesOf, styleIndexOf, type ChunkProvider, type StreamTarget } from './chunk-provider.js';
import type { LiveShare } from './live-share.js';

/** Send only while uWS holds less than this for the socket; continue on `drain`. */
export const SEND_HIGH_WATER_BYTES = 256 * 1024;
/** Requested chunks a session may have waiting; more are refused with chunks-canceled. */
export const MAX_QUEUED_CHUNKS = 64;

/** What the streamer needs from a socket session. */
export interface StreamSink {
  readonly closed: boolean;
  /** The user of the connection's latest request: whose turn a chunk's work takes (live-share.ts). */
  readonly userId?: string | null;
  bufferedAmount(): number;
  sendBinary(frame: Uint8Array): boolean;
  sendCanceled(styleIndex: number, chunkIndices: number[]): void;
  sendError(code: string, event?: string): void;
  onChunkSent?(trackId: string, styleIndex: number, chunkIndex: number): void;
}

interface Pending {
  target: StreamTarget;
  chunkIndex: number;
  canceled: boolean;
}

/**
 * One session's outbound audio: a bounded queue of requested chunks (nearest to the playhead
 * first) and, after request-stream, a cursor over the original. Memory per session is bounded by
 * the queue cap and the high-water mark, however slowly the client reads.
 */
export class ChunkStreamer {
  private queue: Pending[] = [];
  private cursor: { target: StreamTarget; next: number; total: number } | null = null;
  private inFlight: Pending | null = null;
  private pumping = false;
  private waitingForDrain = false;

  constructor(
    private readonly sink: StreamSink,
    private readonly provider: ChunkProvider,
    private readonly onMissing: (error: unknown) => string,
    private readonly live?: LiveShare,
  ) {}

  /** The frame, made in the user's turn unless it is cached already; null when it is no longer wanted. */
  private produce(pending: Pending): Promise<Uint8Array | null> {
    const make = async () => (pending.canceled || this.sink.closed ? null : this.provider.frame(pending.target, pending.chunkIndex));
    if (!this.live || this.provider.has(pending.target, pending.chunkIndex)) return make();
    return this.live.run(this.sink.userId ?? '', make);
  }

  /** request-chunks: queue these chunks; chunks of another style (or track) still waiting are dropped and reported. */
  request(target: StreamTarget, chunkIndices: readonly number[]): void {
    const styleIndex = styleIndexOf(target);
    const switched = (p: Pending) => p.target.trackId !== target.trackId || styleIndexOf(p.target) !== styleIndex;
    const dropped = this.queue.filter(switched);
    if (this.inFlight && !this.inFlight.canceled && switched(this.inFlight)) {
      this.inFlight.canceled = true;
      dropped.unshift(this.inFlight);
    }
    if (dropped.length > 0) {
      this.queue = this.queue.filter((p) => !switched(p));
      this.reportCanceled(dropped);
    }
    if (this.cursor && (this.cursor.target.trackId !== target.trackId || styleIndexOf(this.cursor.target) !== styleIndex)) this.cursor = null;

    const total = chunkCountOf(framesOf(target));
    const wanted = [...new Set(chunkIndices)].filter((i) => i < total);
    const refused: Pending[] = [];
    for (const chunkIndex of wanted) {
      const existing = this.queue.find((p) => p.chunkIndex === chunkIndex);
      if (existing) {
        existing.target = target;
        continue;
      }
      if (this.inFlight && !this.inFlight.canceled && this.inFlight.chunkIndex === chunkIndex && !switched(this.inFlight)) continue;
      const pending = { target, chunkIndex, canceled: false };
      if (this.queue.length >= MAX_QUEUED_CHUNKS) refused.push(pending);
      else this.queue.push(pending);
    }
    // The player asks for the chunks ahead of its playhead: the lowest index is the one it needs first.
    this.queue.sort((a, b) => a.chunkIndex - b.chunkIndex);
    if (refused.length > 0) this.reportCanceled(refused);
    const beyond = chunkIndices.filter((i) => i >= total);
    if (beyond.length > 0) this.sink.sendCanceled(styleIndex, beyond);
    this.pump();
  }

  /** request-stream: the whole target from chunk `from` on, paced by backpressure, after explicit requests. */
  stream(target: StreamTarget, from = 0): void {
    this.cursor = { target, next: from, total: chunkCountOf(framesOf(target)) };
    this.pump();
  }

  /** stop-binary: nothing more is sent until the next request. */
  stop(): void {
    this.queue = [];
    this.cursor = null;
    if (this.inFlight) this.inFlight.canceled = true;
  }

  onDrain(): void {
    if (this.waitingForDrain) {
      this.waitingForDrain = false;
      this.pump();
    }
  }

  get queued(): number {
    return this.queue.length;
  }

  private reportCanceled(pending: Pending[]): void {
    const byStyle = new Map<number, number[]>();
    for (const p of pending) {
      const style = styleIndexOf(p.target);
      byStyle.set(style, [...(byStyle.get(style) ?? []), p.chunkIndex]);
    }
    for (const [styleIndex, indices] of byStyle) this.sink.sendCanceled(styleIndex, indices.sort((a, b) => a - b));
  }

  private next(): Pending | null {
    const queued = this.queue.shift();
    if (queued) return queued;
    if (this.cursor && this.cursor.next < this.cursor.total) {
      return { target: this.cursor.target, chunkIndex: this.cursor.next++, canceled: false };
    }
    this.cursor = null;
    return null;
  }

  pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    void this.run().finally(() => {
      this.pumping = false;
    });
  }

  private async run(): Promise<void> {
    while (!this.sink.closed) {
      if (this.sink.bufferedAmount() >= SEND_HIGH_WATER_BYTES) {
        this.waitingForDrain = true;
        return;
      }
      const pending = this.next();
      if (!pending) return;
      this.inFlight = pending;
      let frame: Uint8Array | null = null;
      try {
        frame = await this.produce(pending);
      } catch (error) {
        if (!(error instanceof ChunkOutOfRangeError) && !pending.canceled && !this.sink.closed) {
          this.sink.sendError(this.onMissing(error), 'request-chunks');
          // Everything else from that target would fail the same way.
          this.queue = this.queue.filter((p) => p.target !== pending.target);
          if (this.cursor?.target === pending.target) this.cursor = null;
        }
      } finally {
        this.inFlight = null;
      }
      if (!frame || pending.canceled || this.sink.closed) continue;
      this.sink.sendBinary(frame);
      this.sink.onChunkSent?.(pending.target.trackId, styleIndexOf(pending.target), pending.chunkIndex);
    }
  }
}
