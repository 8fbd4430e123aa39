import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database.js';
import type { Logger } from '../log.js';

/**
 * What a job tells whoever waits for it, in whatever process: `topic` names the work
 * ("bounce:<trackId>:<styleId>", "prepare:<trackId>"), or "media" for "new media work is queued".
 */
export interface JobEvent {
  topic: string;
  type: 'queued' | 'progress' | 'done' | 'failed';
  data?: Record<string, unknown>;
}

export type JobEventListener = (event: JobEvent) => void;

/**
 * Job events of every web process, delivered to every web process: on PostgreSQL through
 * NOTIFY on one channel and a dedicated LISTEN connection; on the embedded PGlite (one web
 * process by design) an in-process emitter. Delivery is at most once: a waiter that may have
 * missed one (a reconnect) asks the queue for the job's state.
 */
export interface JobEvents {
  publish(event: JobEvent): Promise<void>;
  /** `onClose` runs when the bus closes (the process stops): a stream fed by it ends. */
  subscribe(listener: JobEventListener, onClose?: () => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY's payload limit is 8000 bytes; job events carry ids and figures, far below it. */
const MAX_PAYLOAD = 7900;

function emitterOf() {
  const emitter = new EventEmitter();
  // Every open event stream of every media process is one listener.
  emitter.setMaxListeners(0);
  return {
    emit: (event: JobEvent) => emitter.emit('event', event),
    subscribe(listener: JobEventListener, onClose?: () => void) {
      emitter.on('event', listener);
      if (onClose) emitter.on('close', onClose);
      return () => {
        emitter.off('event', listener);
        if (onClose) emitter.off('close', onClose);
      };
    },
    closeAll: () => emitter.emit('close'),
  };
}

export function inProcessJobEvents(): JobEvents {
  const local = emitterOf();
  return {
    async publish(event) {
      local.emit(event);
    },
    subscribe: local.subscribe,
    async close() {
      local.closeAll();
    },
  };
}

/**
 * `db` publishes (any pooled connection), a client of its own listens; when that connection
 * drops it reconnects with back-off (events sent meanwhile are missed: see above).
 */
export function postgresJobEvents(db: Database, options: { url: string; channel: string; log: Logger }): JobEvents {
  const local = emitterOf();
  const { channel, log } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        local.emit(JSON.parse(message.payload) as JobEvent);
      } catch (error) {
        log.warn({ err: error }, 'job events: unreadable notification');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'job events: LISTEN connection failed; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      if (closed) return void (await next.end());
      client = next;
      retryMs = 100;
    } catch (error) {
      log.warn({ err: error }, 'job events: could not LISTEN; retrying');
      void next.end().catch(() => undefined);
      reconnect();
    }
  };
  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };
  const ready = connect();

  return {
    async publish(event) {
      const payload = JSON.stringify(event);
      if (payload.length > MAX_PAYLOAD) throw new Error(`job event too large for NOTIFY (${payload.length} bytes)`);
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      local.closeAll();
      if (retry) clearTimeout(retry);
      await ready;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** The bus of a platform: PostgreSQL's LISTEN/NOTIFY when the database is PostgreSQL, else in-process. */
export function jobEventsOf(db: Database, options: { url?: string | undefined; channel?: string; log: Logger }): JobEvents {
  if (!options.url) return inProcessJobEvents();
  return postgresJobEvents(db, { url: options.url, channel: options.channel ?? 'job_events', log: options.log });
}
