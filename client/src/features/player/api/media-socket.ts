import { decodeStreamFrame, type StreamFrame } from '../../../../../src/modules/streaming/stream-frame.js';
import type { SocketConnection } from '../mastering-session.js';

/**
 * The page's one connection to the media sidecar (real-time connection, real-time
 * socket): JSON `{event, token, payload}` out, `{event, payload}` and binary track-stream frames in
 *. Sending waits for both the token and the connection; a lost connection is
 * retried with backoff, and after MAX_RECONNECT_ATTEMPTS failures in a row, or when the token
 * cannot be renewed, the connection is 'expired' (the PlayerExpired dialog).
 */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 15000];
export const MAX_RECONNECT_ATTEMPTS = 6;
/** A token this close to its expiry is renewed before it is sent. */
const TOKEN_MARGIN_MS = 5000;
const UNAUTHORIZED = 'global.error.unauthorized';

export interface ServerMessage {
  event: string;
  payload: unknown;
}

export interface MediaSocketOptions {
  url: string;
  getToken: () => string | null;
  /** Asks for a new access token; false when the session cannot be renewed. */
  refreshToken: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
  /** Backoff before reconnect attempt n (0-based); tests shorten it. */
  delayOf?: (attempt: number) => number;
}

type Listener = (message: ServerMessage) => void;
type FrameListener = (frame: StreamFrame) => void;

/** The `exp` claim of a JWT in ms, or null when it cannot be read (the server decides then). */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Backoff with ±20 % jitter, so many tabs do not reconnect in step after a sidecar restart. */
export const backoffDelay = (attempt: number, random = Math.random) =>
  Math.round((RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 15000) * (0.8 + 0.4 * random()));

export class MediaSocket {
  private ws: WebSocket | null = null;
  private state: SocketConnection = 'connecting';
  private failures = 0;
  private closedByUs = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private outbox: { event: string; payload: unknown }[] = [];
  private flushing = false;
  /** The last message of each event, to send again once after a renewed token. */
  private lastSent = new Map<string, unknown>();
  private retriedAfterRefresh = new Set<string>();
  private listeners = new Map<string, Set<Listener>>();
  private frameListeners = new Set<FrameListener>();
  private stateListeners = new Set<() => void>();
  private openListeners = new Set<(reconnected: boolean) => void>();
  private everOpened = false;

  constructor(private readonly options: MediaSocketOptions) {
    this.connect();
  }

  getState = (): SocketConnection => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  on(event: string, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  onFrame(listener: FrameListener): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** Called on every (re)connection; `reconnected` says the server forgot this client's requests. */
  onOpen(listener: (reconnected: boolean) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** Queues a message; it leaves once the socket is open and a valid token is at hand. */
  send(event: string, payload: unknown): void {
    if (this.state === 'expired' || this.closedByUs) return;
    this.outbox.push({ event, payload });
    void this.flush();
  }

  close(): void {
    this.closedByUs = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.outbox = [];
    this.ws?.close(1000);
    this.ws = null;
  }

  private setState(next: SocketConnection) {
    if (this.state === next) return;
    const was = this.state;
    this.state = next;
    for (const listener of this.stateListeners) listener();
    // The connection announces itself with WebsocketConnected / WebsocketDisconnected.
    if (typeof window !== 'undefined') {
      if (next === 'connected') window.dispatchEvent(new CustomEvent('WebsocketConnected'));
      else if (was === 'connected') window.dispatchEvent(new CustomEvent('WebsocketDisconnected'));
    }
  }

  private expire() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.outbox = [];
    this.closedByUs = true;
    this.ws?.close(1000);
    this.ws = null;
    this.setState('expired');
  }

  private connect() {
    if (this.closedByUs) return;
    let ws: WebSocket;
    try {
      ws = this.options.createSocket ? this.options.createSocket(this.options.url) : new WebSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.failures = 0;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.setState('connected');
      for (const listener of this.openListeners) listener(reconnected);
      void this.flush();
    };
    ws.onmessage = (event: MessageEvent) => {
      if (this.ws !== ws) return;
      if (typeof event.data === 'string') this.receiveText(event.data);
      else if (event.data instanceof ArrayBuffer) this.receiveBinary(event.data);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closedByUs) return;
      this.setState('disconnected');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.closedByUs) return;
    if (this.failures >= MAX_RECONNECT_ATTEMPTS) {
      this.expire();
      return;
    }
    const delay = (this.options.delayOf ?? backoffDelay)(this.failures);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.setState('connecting');
      this.connect();
    }, delay);
  }

  /** A token that is present and not about to expire, renewed if need be; null when that fails. */
  private async validToken(): Promise<string | null> {
    const token = this.options.getToken();
    const expiry = token ? tokenExpiry(token) : null;
    if (token && (expiry === null || expiry - Date.now() > TOKEN_MARGIN_MS)) return token;
    return (await this.options.refreshToken()) ? this.options.getToken() : null;
  }

  private async flush() {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.outbox.length > 0 && this.state === 'connected' && this.ws?.readyState === 1) {
        const token = await this.validToken();
        if (!token) {
          this.expire();
          return;
        }
        const ws = this.ws;
        const next = this.outbox.shift();
        if (!next || !ws || ws.readyState !== 1) {
          if (next) this.outbox.unshift(next);
          return;
        }
        ws.send(JSON.stringify({ event: next.event, token, payload: next.payload }));
        this.lastSent.set(next.event, next.payload);
      }
    } finally {
      this.flushing = false;
    }
  }

  private receiveText(text: string) {
    let message: ServerMessage;
    try {
      const parsed = JSON.parse(text) as Partial<ServerMessage>;
      if (typeof parsed.event !== 'string') return;
      message = { event: parsed.event, payload: parsed.payload };
    } catch {
      return;
    }
    if (message.event === 'error-message' && this.handleUnauthorized(message.payload)) return;
    for (const listener of this.listeners.get(message.event) ?? []) listener(message);
  }

  /** A refused token: renew it and send the refused message again once; expire when renewal fails. */
  private handleUnauthorized(payload: unknown): boolean {
    const { code, event } = (payload ?? {}) as { code?: unknown; event?: unknown };
    if (code !== UNAUTHORIZED) return false;
    const failed = typeof event === 'string' ? event : null;
    if (failed && this.retriedAfterRefresh.has(failed)) {
      this.expire();
      return true;
    }
    void this.options.refreshToken().then((ok) => {
      if (!ok || !this.options.getToken()) {
        this.expire();
        return;
      }
      if (failed && this.lastSent.has(failed)) {
        this.retriedAfterRefresh.add(failed);
        setTimeout(() => this.retriedAfterRefresh.delete(failed), 30_000);
        this.send(failed, this.lastSent.get(failed));
      }
    });
    return true;
  }

  private receiveBinary(data: ArrayBuffer) {
    let frame: StreamFrame;
    try {
      frame = decodeStreamFrame(data);
    } catch {
      return;
    }
    for (const listener of this.frameListeners) listener(frame);
  }
}

/*
 * One socket per page: the master page's session and every player on the page share it.
 * Reference-counted; the last release closes it a moment later, so React's double mount in
 * development does not reconnect.
 */
let shared: { socket: MediaSocket; url: string; users: number; closeTimer: ReturnType<typeof setTimeout> | null } | null = null;

export function acquireMediaSocket(options: MediaSocketOptions): { socket: MediaSocket; release: () => void } {
  if (shared && (shared.url !== options.url || shared.socket.getState() === 'expired') && shared.users === 0) {
    if (shared.closeTimer) clearTimeout(shared.closeTimer);
    shared.socket.close();
    shared = null;
  }
  if (!shared) shared = { socket: new MediaSocket(options), url: options.url, users: 0, closeTimer: null };
  const entry = shared;
  if (entry.closeTimer) clearTimeout(entry.closeTimer);
  entry.closeTimer = null;
  entry.users += 1;
  let released = false;
  return {
    socket: entry.socket,
    release: () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      entry.closeTimer = setTimeout(() => {
        if (entry.users > 0) return;
        entry.socket.close();
        if (shared === entry) shared = null;
      }, 1000);
    },
  };
}

/** Closes the page's socket at once (client tests start each case with a fresh connection). */
export function closeSharedMediaSocket(): void {
  if (!shared) return;
  if (shared.closeTimer) clearTimeout(shared.closeTimer);
  shared.socket.close();
  shared = null;
}
