import { CLIENT_EVENTS, SOCKET_ERROR_CODES, type TClientEnvelope, type TClientEvent } from '../../src/modules/streaming/streaming.schemas.js';
import { verifyAccessToken } from '../../src/platform/access-token.js';
import type { SocketSession } from './session.js';
import { TokenBucket } from './token-bucket.js';
import type { MediaServices } from '../media/media-services.js';
import { endMastering } from './handlers/end-mastering.js';
import { requestChunks } from './handlers/request-chunks.js';
import { requestMastering } from './handlers/request-mastering.js';
import { requestMeta } from './handlers/request-meta.js';
import { requestStream } from './handlers/request-stream.js';
import { stopBinary } from './handlers/stop-binary.js';

export interface SocketDeps {
  jwtSecret: string;
}

export type EventHandler = (session: SocketSession, payload: unknown, userId: string) => Promise<void> | void;

const isClientEvent = (event: string): event is TClientEvent => (CLIENT_EVENTS as readonly string[]).includes(event);

/**
 * Events whose effect depends on the order they were sent in (which chunks of which style the
 * streamer queues, which track request-stream means): handled one after another per session, so a
 * slower lookup cannot let an older request land after a newer one and cancel it. Mastering events
 * run for seconds and stay outside the lane.
 */
const ORDERED_EVENTS: ReadonlySet<TClientEvent> = new Set(['request-meta', 'request-stream', 'request-chunks', 'stop-binary']);

/**
 * Ordered events one session may have waiting. Each costs lookups in the web process; an unbounded
 * lane let 5,000 request-chunks keep the process busy 37 s after the client left and delay other
 * users' requests by seconds. The player keeps far fewer in flight.
 */
export const MAX_PENDING_ORDERED = 16;
/** Messages one user may send over all connections: 60 a second on average, bursts of 120. */
export const USER_RATE = { perS: 60, burst: 120 };
const TRACKED_USERS = 10_000;

/**
 * Routes one client message: unknown events and missing or invalid tokens are refused with
 * `error-message`; the token is checked on every message, known events go to their handler.
 */
export function createDispatcher(deps: SocketDeps, handlers: Partial<Record<TClientEvent, EventHandler>>) {
  // Per user, so that many connections of one user share one budget. Insertion order is age order.
  const userBudgets = new Map<string, TokenBucket>();
  const userBudget = (userId: string) => {
    let bucket = userBudgets.get(userId);
    if (!bucket) {
      bucket = new TokenBucket(USER_RATE.perS, USER_RATE.burst);
      userBudgets.set(userId, bucket);
      if (userBudgets.size > TRACKED_USERS) userBudgets.delete(userBudgets.keys().next().value!);
    }
    return bucket;
  };
  return async function dispatch(session: SocketSession, envelope: TClientEnvelope): Promise<void> {
    const { event } = envelope;
    if (!isClientEvent(event)) return session.sendError(SOCKET_ERROR_CODES.unknownEvent, event);
    const userId = envelope.token ? verifyAccessToken(deps.jwtSecret, envelope.token) : null;
    if (!userId) return session.sendError(SOCKET_ERROR_CODES.unauthorized, event);
    const handler = handlers[event];
    if (!handler) return session.sendError(SOCKET_ERROR_CODES.unknownEvent, event);
    if (!userBudget(userId).take()) return session.refuseFlood(event);
    session.userId = userId;
    const run = async () => {
      // The client left while this waited: nobody reads the answer, so do none of the work.
      if (session.closed) return;
      try {
        await handler(session, envelope.payload, userId);
      } catch (error) {
        session.log.error({ err: error, event }, 'socket handler failed');
        session.sendError(SOCKET_ERROR_CODES.server, event);
      }
    };
    if (!ORDERED_EVENTS.has(event)) return run();
    if (session.pendingOrdered >= MAX_PENDING_ORDERED) return session.refuseFlood(event);
    session.pendingOrdered += 1;
    const turn = session.orderedLane.then(run).finally(() => {
      session.pendingOrdered -= 1;
    });
    session.orderedLane = turn;
    return turn;
  };
}

/** One handler per client event (sidecar/socket/handlers/<event>.ts). */
export function createSocketHandlers(services: MediaServices): Record<TClientEvent, EventHandler> {
  return {
    'request-meta': requestMeta(services),
    'request-stream': requestStream(services),
    'request-chunks': requestChunks(services),
    'stop-binary': stopBinary(),
    'request-mastering': requestMastering(services),
    'end-mastering': endMastering(services),
  };
}
