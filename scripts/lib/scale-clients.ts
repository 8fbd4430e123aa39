import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import WebSocket from 'ws';

/**
 * The bench's users as the SPA's calls reach the product: HTTP through the proxy from a loopback
 * address of their own (127.0.0.x, so each counts as its own client IP for the abuse limits, as
 * 20 people at home would), and the media socket through the proxy.
 */
export interface ApiCall {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** One file part named `field` (the upload's multipart body). */
  file?: { field: string; name: string; type: string; data: Buffer };
}

export function apiClient(proxyPort: number, localAddress: string) {
  return async function api<T>(method: string, path: string, call: ApiCall = {}): Promise<T> {
    const headers: Record<string, string> = call.token ? { authorization: `Bearer ${call.token}` } : {};
    let body: Buffer | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(call.json));
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = Buffer.from(new URLSearchParams(call.form).toString());
    } else if (call.file) {
      const boundary = `bench-${randomUUID()}`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${call.file.field}"; filename="${call.file.name}"\r\nContent-Type: ${call.file.type}\r\n\r\n`),
        call.file.data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    }
    if (body) headers['content-length'] = String(body.length);
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      let answered = false;
      // A connection per request: a kept-alive one the proxy closes after 5 s idle could be
      // closed just as the next request is written on it (EPIPE), a race of the client, not the product.
      const req = request({ host: '127.0.0.1', port: proxyPort, localAddress, method, path, headers, agent: false }, (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
        res.on('error', reject);
      });
      // A server that answers before reading the whole body (a refusal) may close while we still
      // write: its answer is what counts, not our write's EPIPE.
      req.on('error', (error) => {
        if (!answered) reject(new Error(`${method} ${path}: ${error.message}`, { cause: error }));
      });
      req.end(body);
    });
    if (status < 200 || status >= 300) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

export type Api = ReturnType<typeof apiClient>;

export const trpcQuery = async <T>(api: Api, procedure: string, token: string, input?: unknown) =>
  (await api<{ result: { data: T } }>('GET', `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { token })).result.data;

export interface JsonMessage {
  event: string;
  payload: Record<string, unknown>;
  at: number;
}

/** A media socket through the proxy that keeps its JSON messages; binary frames go to `onFrame`. */
export class SocketClient {
  readonly messages: JsonMessage[] = [];
  onFrame: ((frame: Buffer, at: number) => void) | null = null;
  closed = false;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const at = performance.now();
      if (isBinary) this.onFrame?.(data, at);
      else this.messages.push({ ...(JSON.parse(data.toString()) as { event: string; payload: Record<string, unknown> }), at });
    });
    ws.on('close', () => (this.closed = true));
    ws.on('error', () => (this.closed = true));
  }

  static open(url: string, localAddress?: string): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
      ws.once('open', () => resolve(new SocketClient(ws)));
      ws.once('error', reject);
    });
  }

  /** The local port of this socket: the proxy knows by it which media process the socket went to. */
  get localPort(): number | undefined {
    return (this.ws as unknown as { _socket?: { localPort?: number } })._socket?.localPort;
  }

  send(event: string, token: string, payload: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ event, token, payload }));
  }

  /** Waits until `match` finds a message (from index `from` on); an error-message or a closed socket fails. */
  async until(match: (m: JsonMessage) => boolean, what: string, timeoutMs: number, from = 0): Promise<JsonMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rest = this.messages.slice(from);
      const error = rest.find((m) => m.event === 'error-message');
      if (error) throw new Error(`${what}: error-message ${JSON.stringify(error.payload)}`);
      const found = rest.find(match);
      if (found) return found;
      if (this.closed) throw new SocketClosedError(what);
      if (Date.now() > deadline) throw new Error(`${what}: timed out after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): void {
    this.closed = true;
    this.ws.terminate();
  }
}

export class SocketClosedError extends Error {
  constructor(what: string) {
    super(`${what}: the socket closed`);
  }
}
