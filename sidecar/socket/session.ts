import type uWS from '@trufflesuite/uws-js-unofficial';
import type { Logger } from '../../src/platform/log.js';
import { serverMessage } from './envelope.js';
import type { TServerEvent } from '../../src/modules/streaming/index.js';
import type { ChunkStreamer, StreamSink } from '../media/chunk-streamer.js';
import { TokenBucket } from './token-bucket.js';

/** Messages a connection may send: 30 a second on average, bursts of 60 (a seek asks for 8 chunks of two versions). */
export const CONNECTION_RATE = { perS: 30, burst: 60 };

/**
 * One connected client. Sends go through here so that a closed socket is never written to
 * (uWS throws on a closed socket) and writes after an await are corked.
 */
export class SocketSession implements StreamSink {
  closed = false;
  /** The user of this connection's latest verified message (the dispatcher sets it). */
  userId: string | null = null;
  /** Outbound audio of this session; set when the session opens (main.ts). */
  streamer: ChunkStreamer | null = null;
  /** The track of this session's last request-mastering (end-mastering may omit it). */
  masteringTrackId: string | null = null;
  /** The track of this session's last request-meta or request-chunks (request-stream may omit it). */
  lastTrackId: string | null = null;
  /** The tail of this session's ordered events (handlers.ts, ORDERED_EVENTS). */
  orderedLane: Promise<void> = Promise.resolve();
  /** Ordered events waiting in the lane; bounded by the dispatcher. */
  pendingOrdered = 0;
  /** Messages this connection may still send now (main.ts). */
  readonly messageBudget = new TokenBucket(CONNECTION_RATE.perS, CONNECTION_RATE.burst);
  /** When this session was last told it is over its budget: at most once a second. */
  lastRefusalAt = 0;
  constructor(
    readonly ws: uWS.WebSocket<unknown>,
    readonly log: Logger,
  ) {}

  sendJson(event: Exclude<TServerEvent, 'track-stream'>, payload: unknown): boolean {
    if (this.closed) return false;
    let status = 0;
    this.ws.cork(() => {
      status = this.ws.send(serverMessage(event, payload), false);
    });
    return status !== 2;
  }

  sendError(code: string, event?: string): void {
    this.sendJson('error-message', { code, ...(event ? { event } : {}) });
  }

  /** Refusals of a flood are answered once a second, not once per message. */
  refuseFlood(event?: string): void {
    const now = Date.now();
    if (now - this.lastRefusalAt < 1000) return;
    this.lastRefusalAt = now;
    this.sendError('global.error.tooManyRequests', event);
  }

  sendCanceled(styleIndex: number, chunkIndices: number[]): void {
    this.sendJson('chunks-canceled', { styleIndex, chunkIndices });
  }

  /** Bytes uWS still holds for this socket (backpressure). */
  bufferedAmount(): number {
    return this.closed ? 0 : this.ws.getBufferedAmount();
  }

  /** Sends a binary frame; false when the socket is gone or the frame was dropped for backpressure. */
  sendBinary(frame: Uint8Array): boolean {
    if (this.closed) return false;
    let status = 0;
    this.ws.cork(() => {
      status = this.ws.send(frame, true);
    });
    return status !== 2;
  }
}
