import { availableParallelism } from 'node:os';
import uWS from '@trufflesuite/uws-js-unofficial';
import { createInternalClient } from '../src/internal/internal-client.js';
import { parseEnv, webInternalEndpoint } from '../src/platform/env.js';
import { createLogger } from '../src/platform/log.js';
import { loadSecrets } from '../src/platform/secrets.js';
import { storageOf } from '../src/platform/storage/storage-of.js';
import { ChunkStreamer } from './media/chunk-streamer.js';
import { createMediaServices } from './media/media-services.js';
import { errorCodeOf } from './socket/handlers/common.js';
import { parseEnvelope } from './socket/envelope.js';
import { createDispatcher, createSocketHandlers } from './socket/handlers.js';
import { SocketSession } from './socket/session.js';

const env = parseEnv();
const log = createLogger(env.LOG_LEVEL, 'media');
const secrets = loadSecrets(env);

// Its own staging and copy directory (emptied at start): another media process may share DATA_DIR.
const storage = storageOf(env, `media-${env.MEDIA_PORT}`);

// Jobs come from the durable queue; half-written files of media processes that died are swept
// once their leases have run out (media-services.ts), never a live process's.
// The web process may run on another machine (WEB_INTERNAL_URL); by default it is this one's.
const web = webInternalEndpoint(env);
const services = createMediaServices({
  log,
  storage,
  internal: createInternalClient({ ...web, secret: secrets.internalSecret }),
  internalEndpoint: { ...web, secret: secrets.internalSecret },
  leaseMs: env.MEDIA_JOB_LEASE_S * 1000,
  cacheBytes: env.MEDIA_CACHE_MB * 1024 * 1024,
  renderWorkers: env.MEDIA_RENDER_WORKERS,
  timeouts: { prepareMs: env.MEDIA_PREPARE_TIMEOUT_S * 1000, bounceMs: env.MEDIA_BOUNCE_TIMEOUT_S * 1000 },
  // Per-user caps and the cap on waiting jobs are the queue's (media-jobs.service.ts), over all media processes.
  jobSlots: env.MEDIA_JOB_SLOTS ?? availableParallelism(),
});
const dispatch = createDispatcher({ jwtSecret: secrets.jwtSecret }, createSocketHandlers(services));

interface SocketData {
  session: SocketSession | null;
}

const sessions = new Set<SocketSession>();
const app = uWS.App();
app.get('/healthz', (res) => {
  res.writeHeader('content-type', 'application/json').end('{"status":"ok"}');
});
app.ws<SocketData>('/ws', {
  compression: uWS.DISABLED,
  // Client messages are small JSON envelopes; audio only flows to the client.
  maxPayloadLength: 64 * 1024,
  maxBackpressure: 4 * 1024 * 1024,
  closeOnBackpressureLimit: 0,
  idleTimeout: 60,
  sendPingsAutomatically: true,
  upgrade: (res, req, context) => {
    res.upgrade<SocketData>(
      { session: null },
      req.getHeader('sec-websocket-key'),
      req.getHeader('sec-websocket-protocol'),
      req.getHeader('sec-websocket-extensions'),
      context,
    );
  },
  open: (ws) => {
    const session = new SocketSession(ws as uWS.WebSocket<unknown>, log);
    session.streamer = new ChunkStreamer(session, services.chunks, errorCodeOf, services.liveChunks);
    ws.getUserData().session = session;
    sessions.add(session);
  },
  message: (ws, message, isBinary) => {
    const session = ws.getUserData().session;
    if (!session) return;
    // A flood is refused before its messages are even parsed.
    if (!session.messageBudget.take()) return session.refuseFlood();
    // The message buffer is only valid inside this callback: parsing copies what it needs.
    const parsed = parseEnvelope(message, isBinary);
    if (!parsed.ok) return session.sendError(parsed.code);
    void dispatch(session, parsed.envelope);
  },
  // uWS has written out what it held: send more (outbound sends wait for drain).
  drain: (ws) => {
    ws.getUserData().session?.streamer?.onDrain();
  },
  close: (ws) => {
    const session = ws.getUserData().session;
    if (!session) return;
    session.closed = true;
    session.streamer?.stop();
    sessions.delete(session);
    // Jobs nobody waits for any more are aborted: their ffmpeg children and worker threads end.
    // Bounces are on the durable queue: they finish, and the socket only stops listening.
    services.jobs.leave(session);
    services.mastering.leave(session);
  },
});
// uWS patterns are not Express's: '/*' matches every path not handled above ('/{*}' matched none).
app.any('/*', (res) => {
  res.writeStatus('404 Not Found').writeHeader('content-type', 'application/json').end('{"statusCode":404,"message":"global.error.notFound"}');
});

let listenSocket: uWS.us_listen_socket | null = null;
app.listen(env.MEDIA_PORT, (token) => {
  if (!token) {
    log.fatal({ port: env.MEDIA_PORT }, 'media sidecar could not listen');
    process.exit(1);
  }
  listenSocket = token;
  log.info({ port: uWS.us_socket_local_port(token) }, `media listening on ws://localhost:${env.MEDIA_PORT}/ws`);
});

function shutdown(signal: string) {
  log.info({ signal }, 'media shutting down');
  if (listenSocket) uWS.us_listen_socket_close(listenSocket);
  listenSocket = null;
  for (const session of sessions) session.ws.end(1001, 'server shutting down');
  const exit = () => process.exit(0);
  void services.close().finally(() => setTimeout(exit, 50).unref());
  setTimeout(exit, 2000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
// Supervised by the web process: never outlive it.
process.on('disconnect', () => shutdown('parent gone'));
