import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** One process behind the proxy. `down` is set while connecting to it fails (a killed process). */
export interface Backend {
  name: string;
  port: number;
  down: boolean;
}

export interface ScaleProxy {
  port: number;
  close(): Promise<void>;
}

/** Requests under this path are the bench's questions to the proxy, not forwarded. */
export const CONTROL_PATH = '/__bench-proxy';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** Round-robin over the backends not known to be down; all of them when every one looks down. */
function roundRobin(backends: Backend[]) {
  let next = 0;
  return (skip: ReadonlySet<string> = new Set()): Backend | undefined => {
    const candidates = backends.filter((b) => !skip.has(b.name));
    const alive = candidates.filter((b) => !b.down);
    const pool = alive.length > 0 ? alive : candidates;
    if (pool.length === 0) return undefined;
    return pool[next++ % pool.length];
  };
}

const forwardedFor = (req: IncomingMessage) => {
  const prior = req.headers['x-forwarded-for'];
  const own = req.socket.remoteAddress ?? '';
  return prior ? `${String(prior)}, ${own}` : own;
};

/**
 * The bench's reverse proxy on loopback, as a load balancer in front of a deployment would be:
 * plain HTTP round-robin over the web processes, WebSocket upgrades on `/ws` round-robin over the
 * media processes (no sticky sessions), X-Forwarded-For appended (the web processes run with
 * TRUST_PROXY=1, so every abuse limit sees the client's address). A backend that refuses a
 * connection is marked down and the next one is tried, as a health-checking balancer does; an
 * upgraded socket whose backend dies is closed, so its client reconnects through the proxy.
 * Requests under CONTROL_PATH answer the bench: a socket's backend by client port, the counts.
 */
export async function startScaleProxy(options: { web: Backend[]; media: Backend[]; port?: number }): Promise<ScaleProxy> {
  const nextWeb = roundRobin(options.web);
  const nextMedia = roundRobin(options.media);
  /** The media backend each client's WebSocket went to, by the client's port (the kill test asks). */
  const clientBackends = new Map<number, string>();
  // Upgrades, refused connection attempts (then retried on the other backend) and requests, by backend.
  const upgrades: Record<string, number> = {};
  const refused: Record<string, number> = {};
  const requests: Record<string, number> = {};
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    // The bench asks the proxy (its own process) where a socket went and what it counted.
    if (req.url?.startsWith(CONTROL_PATH)) {
      const url = new URL(req.url, 'http://proxy');
      const answer = url.pathname === `${CONTROL_PATH}/backend` ? { backend: clientBackends.get(Number(url.searchParams.get('port'))) ?? null } : { upgrades, refused, requests };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      return;
    }
    const tried = new Set<string>();
    // Bodies are streamed, not buffered: a request is retried on another backend only when the
    // first refused the connection, before any byte of the body was read.
    const attempt = () => {
      const backend = nextWeb(tried);
      if (!backend) {
        res.writeHead(502).end();
        return;
      }
      tried.add(backend.name);
      const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
      // A connection of its own per request (no agent): the body is piped only once it connected.
      const upstream = request({ host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers, agent: false }, (answer) => {
        backend.down = false;
        requests[backend.name] = (requests[backend.name] ?? 0) + 1;
        const outHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode ?? 502, outHeaders);
        answer.pipe(res);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        console.error(`proxy: ${req.method} ${req.url} to ${backend.name}: ${error.code ?? error.message}`);
        if (error.code === 'ECONNREFUSED' && !res.headersSent) {
          backend.down = true;
          refused[backend.name] = (refused[backend.name] ?? 0) + 1;
          attempt();
          return;
        }
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      upstream.once('socket', (socket) => socket.once('connect', () => req.pipe(upstream)));
    };
    attempt();
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const tried = new Set<string>();
    const attempt = () => {
      const backend = req.url?.startsWith('/ws') ? nextMedia(tried) : undefined;
      if (!backend) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        return;
      }
      tried.add(backend.name);
      const upstream = connect(backend.port, '127.0.0.1');
      upstream.once('connect', () => {
        backend.down = false;
        upgrades[backend.name] = (upgrades[backend.name] ?? 0) + 1;
        const port = client.remotePort;
        if (port !== undefined) clientBackends.set(port, backend.name);
        client.once('close', () => {
          if (port !== undefined && clientBackends.get(port) === backend.name) clientBackends.delete(port);
        });
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        lines.push(`X-Forwarded-For: ${forwardedFor(req)}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        upstream.setNoDelay(true);
        client.setNoDelay(true);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && !client.destroyed && upstream.bytesWritten === 0) {
          backend.down = true;
          refused[backend.name] = (refused[backend.name] ?? 0) + 1;
          attempt();
          return;
        }
        client.destroy();
      });
      // The backend went away (killed): the client sees its socket close and reconnects.
      upstream.once('close', () => client.destroy());
      client.once('close', () => upstream.destroy());
    };
    attempt();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
