import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import WebSocket from 'ws';
import { appRouter } from '../../src/app-router.js';
import { createInternalApp } from '../../src/internal/internal-app.js';
import { decodeStreamFrame, type StreamFrame } from '../../src/modules/streaming/index.js';
import { signAccessToken } from '../../src/platform/access-token.js';
import { createCallerFactory } from '../../src/platform/trpc/trpc.js';
import type { Database } from '../../src/platform/db/database.js';
import type { MastersTable } from '../../src/platform/db/schema.js';
import { startProcess, type ProductProcess } from '../../src/test/product-process.js';
import { createTestPlatform, type TestPlatform } from '../../src/test/test-platform.js';

/**
 * The media sidecar as a user meets it, for integration tests and `npm run bench:stream`: the web
 * process's internal API runs in this process over a test platform (its database and storage),
 * the sidecar runs as a real child process against it.
 */
const callerOf = createCallerFactory(appRouter);

/** A user the harness made, with an access token for the socket and REST. */
export type HarnessUser = { id: string; token: string };

export interface MediaHarness {
  platform: TestPlatform;
  media: ProductProcess;
  createUser(email: string): Promise<HarnessUser>;
  /** A track whose original is `wav` (stored at tracks/<id>/original.wav), with its unmastered master. */
  createTrack(userId: string, wav: Buffer, format: { sampleRate: number; channels: number; bitsPerSample?: number }): Promise<{ trackId: string; masterId: string }>;
  share(masterId: string, ownerId: string, email: string): Promise<void>;
  /** A seeded style by its group's and its own name, e.g. style('Acoustic', 'Natural'). */
  style(group: string, name: string): Promise<{ id: number; styleIndex: number }>;
  /** The product's tRPC procedures called as this user, in process (no HTTP). */
  caller(user: { id: string }): ReturnType<typeof callerOf>;
  connect(): Promise<MediaClient>;
  /** Another media process against the same web process, database and storage (stopped with the harness). */
  startMedia(sidecarEnv?: Record<string, string>): Promise<ProductProcess>;
  stop(): Promise<void>;
}

export async function startMediaHarness(sidecarEnv: Record<string, string> = {}): Promise<MediaHarness> {
  const platform = await createTestPlatform();
  const internal: Server = await new Promise((resolve) => {
    const server = createInternalApp(platform).listen(0, '127.0.0.1', () => resolve(server));
  });
  const internalPort = (internal.address() as AddressInfo).port;
  let media: ProductProcess;
  const mediaEnv = (extra: Record<string, string>) => ({ INTERNAL_PORT: String(internalPort), DATA_DIR: platform.dataDir, ...platform.storageEnv, ...sidecarEnv, ...extra });
  const more: ProductProcess[] = [];
  try {
    media = await startProcess('sidecar/main.ts', mediaEnv({}));
  } catch (error) {
    internal.close();
    await platform.close();
    throw error;
  }
  const clients: MediaClient[] = [];
  return {
    platform,
    media,
    async createUser(email) {
      const row = await platform.db
        .insertInto('users')
        .values({ email, password_hash: 'not-a-hash', email_confirmed_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, token: signAccessToken(platform.secrets.jwtSecret, row.id).token };
    },
    caller(user) {
      return callerOf(platform.contextFor({ userId: user.id }));
    },
    async style(group, name) {
      const row = await platform.db
        .selectFrom('styles')
        .innerJoin('style_groups', 'style_groups.id', 'styles.style_group_id')
        .select(['styles.id', 'styles.style_index'])
        .where('style_groups.name', '=', group)
        .where('styles.name', '=', name)
        .executeTakeFirstOrThrow();
      return { id: row.id, styleIndex: row.style_index };
    },
    async createTrack(userId, wav, format) {
      const trackId = randomUUID();
      const key = `tracks/${trackId}/original.wav`;
      await platform.storage.write(key, Readable.from([wav]));
      // The test WAVs carry a plain 44-byte header (fmt + data).
      await platform.db
        .insertInto('tracks')
        .values({
          id: trackId,
          user_id: userId,
          name: 'Test track',
          path: key,
          file_name: 'test.wav',
          sample_rate: format.sampleRate,
          channels: format.channels,
          bits_per_sample: format.bitsPerSample ?? 16,
          sample_format: 'int',
          byte_length: wav.length,
          data_offset: 44,
          data_bytes: wav.length - 44,
        })
        .execute();
      const track = { id: trackId };
      const master = await platform.db.insertInto('masters').values({ track_id: track.id, user_id: userId }).returning('id').executeTakeFirstOrThrow();
      return { trackId: track.id, masterId: master.id };
    },
    async share(masterId, ownerId, email) {
      await platform.db.insertInto('shares').values({ master_id: masterId, owner_user_id: ownerId, email }).execute();
    },
    async connect() {
      const client = await MediaClient.open(media.mediaUrl);
      clients.push(client);
      return client;
    },
    async startMedia(extra = {}) {
      const started = await startProcess('sidecar/main.ts', mediaEnv(extra));
      more.push(started);
      return started;
    },
    async stop() {
      for (const client of clients) client.close();
      await Promise.all([media, ...more].map((each) => each.stop()));
      await new Promise((resolve) => internal.close(resolve));
      await platform.close();
    },
  };
}

/** The columns asked for of a track's one master in a style. */
export function masterRowOf<C extends keyof MastersTable & string>(db: Database, trackId: string, styleId: number, columns: readonly C[]): Promise<Pick<Selectable<MastersTable>, C>> {
  return db.selectFrom('masters').select(columns).where('track_id', '=', trackId).where('style_id', '=', styleId).executeTakeFirstOrThrow() as Promise<Pick<Selectable<MastersTable>, C>>;
}

export interface JsonMessage {
  event: string;
  payload: Record<string, unknown>;
}

export type Received = { kind: 'json'; at: number; message: JsonMessage } | { kind: 'frame'; at: number; frame: StreamFrame };

/** A `ws` client of the sidecar that records everything it receives. */
export class MediaClient {
  readonly received: Received[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const at = performance.now();
      if (isBinary) this.received.push({ kind: 'frame', at, frame: decodeStreamFrame(new Uint8Array(data)) });
      else this.received.push({ kind: 'json', at, message: JSON.parse(data.toString()) as JsonMessage });
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    });
  }

  static open(url: string): Promise<MediaClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new MediaClient(ws)));
      ws.once('error', reject);
    });
  }

  send(event: string, token: string | undefined, payload?: unknown): void {
    this.ws.send(JSON.stringify({ event, ...(token === undefined ? {} : { token }), payload }));
  }

  json(event?: string): JsonMessage[] {
    return this.received.flatMap((r) => (r.kind === 'json' && (!event || r.message.event === event) ? [r.message] : []));
  }

  frames(): StreamFrame[] {
    return this.received.flatMap((r) => (r.kind === 'frame' ? [r.frame] : []));
  }

  /** Resolves once `predicate` holds over what was received (checked on every message). */
  async until<T>(predicate: () => T | undefined | null | false, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = predicate();
      if (value) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received: ${JSON.stringify(this.json()).slice(0, 2000)} and ${this.frames().length} frames`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The prepare-mastering message that says the track's preparation is processed, waited for. */
  prepared(timeoutMs?: number): Promise<JsonMessage> {
    return this.until(() => this.json('prepare-mastering').find((m) => m.payload.processed === true), timeoutMs);
  }

  /** Asks for a track's mastering and waits until its preparation is processed. */
  requestMastering(token: string | undefined, trackId: string, timeoutMs?: number): Promise<JsonMessage> {
    this.send('request-mastering', token, { trackId });
    return this.prepared(timeoutMs);
  }

  /** The next JSON message of `event` after the first `skip` ones. */
  nextJson(event: string, skip = this.json(event).length, timeoutMs?: number): Promise<JsonMessage> {
    return this.until(() => this.json(event)[skip], timeoutMs);
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
  }
}
