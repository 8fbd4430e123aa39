import { MAX_CHUNKS_PER_REQUEST } from '../../src/modules/streaming/index.js';
import { SocketClient } from './scale-clients.js';

/** What a listener plays: a bounced master, as its owner hears it (request-meta with masterId, then its style's chunks). */
export interface ListenTarget {
  trackId: string;
  masterId: string;
  styleId: number;
  styleIndex: number;
  totalChunks: number;
  token: string;
}

/** The player keeps this many chunks requested ahead of its playhead. */
const AHEAD = 8;
const CHUNK_SECONDS = 1;

/**
 * One listener playing at real-time pace through the proxy, as the player does: 8 chunks ahead of
 * the playhead, one more each second. When its socket closes (its media process died) it connects
 * again through the proxy, asks for the meta again and asks again for every chunk still missing,
 * as the SPA's media socket does after a reconnect.
 */
export class Listener {
  socket: SocketClient | null = null;
  readonly latencies: number[] = [];
  /** Latencies of the chunks asked for one at a time as the playhead moves (not the opening burst of 8). */
  readonly steadyLatencies: number[] = [];
  bytes = 0;
  chunks = 0;
  reconnects = 0;
  /** ms from losing the socket to the first chunk after reconnecting, per reconnect. */
  readonly recoveries: number[] = [];
  /** Chunks that arrived after a reconnect though asked for before it (nothing lost). */
  resent = 0;
  errors = 0;
  private readonly sentAt = new Map<number, number>();
  private readonly askedBeforeLoss = new Set<number>();
  private readonly burst = new Set<number>();
  private requestedUpTo: number;
  private startedAt = 0;
  private lostAt: number | null = null;
  private stopped = false;

  constructor(
    readonly url: string,
    readonly target: ListenTarget,
    readonly startChunk: number,
  ) {
    this.requestedUpTo = startChunk - 1;
  }

  async start(): Promise<void> {
    this.startedAt = performance.now();
    await this.connect();
    this.request(this.startChunk + AHEAD - 1);
    for (const index of this.sentAt.keys()) this.burst.add(index);
  }

  /** Chunks asked for and not received. */
  outstanding(): number {
    return this.sentAt.size;
  }

  tick(now: number): void {
    if (this.stopped || !this.socket || this.socket.closed) return;
    const playhead = this.startChunk + Math.floor((now - this.startedAt) / 1000 / CHUNK_SECONDS);
    this.request(playhead + AHEAD - 1);
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }

  private async connect(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const socket = await SocketClient.open(this.url);
        this.socket = socket;
        socket.onFrame = (frame, at) => this.onFrame(frame, at);
        socket.ws.on('message', (data: Buffer, isBinary: boolean) => {
          if (!isBinary && data.toString().includes('"error-message"')) this.errors++;
        });
        socket.ws.once('close', () => void this.onClose());
        socket.send('request-meta', this.target.token, { trackId: this.target.trackId, masterId: this.target.masterId });
        return;
      } catch (error) {
        if (this.stopped || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  private async onClose(): Promise<void> {
    if (this.stopped) return;
    this.lostAt = performance.now();
    this.reconnects++;
    for (const index of this.sentAt.keys()) this.askedBeforeLoss.add(index);
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    if (this.stopped) return;
    await this.connect();
    // The new process knows nothing of this listener: everything still missing is asked for again.
    this.send([...this.sentAt.keys()].sort((a, b) => a - b));
  }

  private onFrame(frame: Buffer, at: number): void {
    const chunkIndex = frame.readUInt32BE(6);
    const sent = this.sentAt.get(chunkIndex);
    if (sent === undefined) return;
    this.sentAt.delete(chunkIndex);
    this.bytes += frame.length;
    this.chunks++;
    if (this.askedBeforeLoss.delete(chunkIndex)) this.resent++;
    else {
      this.latencies.push(at - sent);
      if (!this.burst.has(chunkIndex)) this.steadyLatencies.push(at - sent);
    }
    if (this.lostAt !== null) {
      this.recoveries.push(at - this.lostAt);
      this.lostAt = null;
    }
  }

  private request(upTo: number): void {
    const indices: number[] = [];
    for (let i = this.requestedUpTo + 1; i <= Math.min(upTo, this.target.totalChunks - 1); i++) indices.push(i);
    if (indices.length === 0) return;
    const now = performance.now();
    for (const i of indices) this.sentAt.set(i, now);
    this.requestedUpTo = indices.at(-1)!;
    this.send(indices);
  }

  private send(indices: number[]): void {
    const { trackId, styleIndex, styleId, token } = this.target;
    for (let i = 0; i < indices.length; i += MAX_CHUNKS_PER_REQUEST) {
      this.socket?.send('request-chunks', token, { trackId, styleIndex, styleId, chunkIndices: indices.slice(i, i + MAX_CHUNKS_PER_REQUEST) });
    }
  }
}

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
