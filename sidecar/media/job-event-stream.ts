import http from 'node:http';
import { INTERNAL_AUTH_SCHEME } from '../../src/internal/internal-app.js';
import type { JobEvent } from '../../src/platform/queue/job-events.js';
import type { Logger } from '../../src/platform/log.js';

type Listener = (event: JobEvent) => void;

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/**
 * The web process's job events (its /events stream on the internal port) for this media process:
 * one stream, kept open and reconnected with back-off, handed out by topic. After a reconnect the
 * `onReconnect` callbacks run: events sent while the stream was down are lost, so waiters look at
 * their jobs again.
 */
export class JobEventStream {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly reconnectListeners = new Set<() => void>();
  private request: http.ClientRequest | null = null;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private everOpen = false;
  private openWaiters: Array<() => void> = [];

  constructor(
    private readonly endpoint: { host?: string; port: number; secret: string },
    private readonly log: Logger,
  ) {
    this.connect();
  }

  /** Resolves once the stream is open (a waiter subscribes before it asks for work, so it misses nothing). */
  opened(): Promise<void> {
    return this.everOpen && this.request ? Promise.resolve() : new Promise((resolve) => this.openWaiters.push(resolve));
  }

  on(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(topic) === set) this.listeners.delete(topic);
    };
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => void this.reconnectListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.request?.destroy();
    this.request = null;
  }

  private dispatch(event: JobEvent): void {
    for (const listener of [...(this.listeners.get(event.topic) ?? [])]) listener(event);
  }

  private connect(): void {
    if (this.closed) return;
    const request = http.get(
      {
        host: this.endpoint.host ?? '127.0.0.1',
        port: this.endpoint.port,
        path: '/events',
        headers: { authorization: `${INTERNAL_AUTH_SCHEME} ${this.endpoint.secret}`, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          this.log.warn({ status: response.statusCode }, 'job events: stream refused');
          return this.reconnect();
        }
        response.setEncoding('utf8');
        const reconnected = this.everOpen;
        this.everOpen = true;
        this.retryMs = FIRST_RETRY_MS;
        for (const resolve of this.openWaiters.splice(0)) resolve();
        if (reconnected) for (const listener of [...this.reconnectListeners]) listener();
        let buffered = '';
        response.on('data', (chunk: string) => {
          buffered += chunk;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (!data) continue;
            try {
              this.dispatch(JSON.parse(data) as JobEvent);
            } catch (error) {
              this.log.warn({ err: error }, 'job events: unreadable event');
            }
          }
        });
        response.on('end', () => this.reconnect());
        response.on('error', () => this.reconnect());
      },
    );
    request.on('error', (error) => {
      this.log.debug({ err: error }, 'job events: stream failed');
      this.reconnect();
    });
    this.request = request;
  }

  private reconnect(): void {
    if (this.closed || this.retry) return;
    this.request?.destroy();
    this.request = null;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}
