import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { noise } from './engine/testing/signals.js';
import { encodeWav } from './engine/testing/wav-writer.js';
import { masterRowOf, type MediaHarness, startMediaHarness } from './testing/media-harness.js';

/*
 * The media socket checked from outside against the written contract, not against the code: the
 * schemas below are typed from the public contract (the stream metadata, the socket's events, its
 * binary framing and the real-time mastering flow), and nothing is imported from
 * src/modules/streaming. The client is a bare WebSocket that sends what a conforming client sends,
 * with the ids it has (the id an upload answers, then the bounced master's id).
 */

/** JSON messages are {event, payload} from the server, with the public event names. */
const ZServerJson = z.object({
  event: z.enum(['meta', 'prepare-mastering', 'bounce-progress', 'chunks-canceled', 'error-message']),
  payload: z.unknown(),
});

/** "Stream metadata"; container: only WAVE is supported; waveformData: amplitudes, may be empty. */
const ZMeta = z.object({
  duration: z.number().positive(),
  sampleRate: z.number().int().positive(),
  numberOfSamples: z.number().int().positive(),
  bitsPerSample: z.literal(16),
  numberOfChannels: z.number().int().min(1),
  totalByteLength: z.number().int().positive(),
  chunkSize: z.number().int().positive(),
  container: z.literal('WAVE'),
  waveformData: z.array(z.number().min(0)),
});

/** The states of the real-time mastering flow. */
const ZPrepareMastering = z.object({
  processed: z.boolean(),
  fixing: z.boolean(),
  stage: z.string(),
  iteration: z.number().int().min(0),
  progressInPercent: z.number().min(0).max(100),
});
const ZBounceProgress = z.object({ processed: z.boolean(), progressInPercent: z.number().min(0).max(100) });

/** The server events. */
const ZChunksCanceled = z.object({ styleIndex: z.number().int(), chunkIndices: z.array(z.number().int().min(0)) });

/** Errors carry the error catalogue's codes, translation keys such as global.error.notFound. */
const ZErrorMessage = z.object({ code: z.string().regex(/^[a-z]+(\.[A-Za-z0-9]+)+$/) });

const PAYLOADS = {
  meta: ZMeta,
  'prepare-mastering': ZPrepareMastering,
  'bounce-progress': ZBounceProgress,
  'chunks-canceled': ZChunksCanceled,
  'error-message': ZErrorMessage,
} as const;

/** "Real-time socket framing": 2-byte version, 4-byte style index, 4-byte chunk index, big-endian. */
const FRAME_HEADER_BYTES = 10;
const ORIGINAL_STYLE_INDEX = 0xffffffff;

interface Frame {
  version: number;
  styleIndex: number;
  chunkIndex: number;
  audio: Buffer;
}

function readFrame(data: Buffer): Frame {
  expect(data.length).toBeGreaterThan(FRAME_HEADER_BYTES);
  return { version: data.readUInt16BE(0), styleIndex: data.readUInt32BE(2), chunkIndex: data.readUInt32BE(6), audio: data.subarray(FRAME_HEADER_BYTES) };
}

/** A client as the socket protocol describes it: sends {event, token, payload}, keeps everything it receives. */
class SpecClient {
  readonly json: Array<z.infer<typeof ZServerJson>> = [];
  readonly frames: Frame[] = [];
  private constructor(
    private readonly ws: WebSocket,
    private readonly token: string,
  ) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.frames.push(readFrame(Buffer.from(data)));
      else this.json.push(ZServerJson.strict().parse(JSON.parse(data.toString())));
    });
  }

  static open(url: string, token: string): Promise<SpecClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(new SpecClient(ws, token)));
      ws.once('error', reject);
    });
  }

  send(event: string, payload?: unknown): void {
    this.ws.send(JSON.stringify({ event, token: this.token, payload }));
  }

  /** The payloads of `event`, each checked against its schema. */
  payloads<E extends keyof typeof PAYLOADS>(event: E): Array<z.infer<(typeof PAYLOADS)[E]>> {
    return this.json.filter((m) => m.event === event).map((m) => PAYLOADS[event].parse(m.payload) as z.infer<(typeof PAYLOADS)[E]>);
  }

  async until<T>(found: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(this.json).slice(0, 1500)} and ${this.frames.length} frames`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

describe('media socket against its public contract, from outside', () => {
  let h: MediaHarness;
  let client: SpecClient;
  const seconds = 3.2;
  // Mono on purpose: the original streams its own channel count, a master is stereo, so the meta tells which one was served.
  const signal = noise(seconds, -12, 5, 44100, 1);
  const wav = encodeWav(signal, { format: 'pcm16' });
  const frames = signal.data.length;
  let upload: { trackId: string; masterId: string };
  let style: { id: number; styleIndex: number };

  beforeAll(async () => {
    h = await startMediaHarness();
    const user = await h.createUser('contract@example.com');
    // What POST /api/upload leaves behind: the track and its unmastered master, whose id the upload answers.
    upload = await h.createTrack(user.id, wav, { sampleRate: 44100, channels: 1 });
    const row = await h.platform.db.selectFrom('styles').select(['id', 'style_index']).where('enabled', '=', true).orderBy('style_index').executeTakeFirstOrThrow();
    style = { id: row.id, styleIndex: row.style_index };
    client = await SpecClient.open(h.media.mediaUrl, user.token);
  });
  afterAll(async () => {
    client?.close();
    await h?.stop();
  });

  it('when every event of the protocol is sent in a session, then every answer has the payload the protocol gives it', { timeout: 300_000 }, async () => {
    // The page right after an upload asks for meta with the id the upload answered.
    client.send('request-meta', { trackId: upload.trackId, masterId: upload.masterId, styleId: null });
    const [original] = await client.until(() => client.payloads('meta').length === 1 && client.payloads('meta'));
    expect(original).toMatchObject({ sampleRate: 44100, numberOfSamples: frames, numberOfChannels: 1, totalByteLength: frames * 2 });
    expect(original!.duration).toBeCloseTo(seconds, 3);

    // track-stream: binary frames of the original, in order, whose audio is the file's 16-bit PCM.
    client.send('request-stream');
    const chunkCount = Math.ceil(original!.totalByteLength / original!.chunkSize);
    await client.until(() => client.frames.length === chunkCount);
    expect(client.frames.map((f) => [f.version, f.styleIndex, f.chunkIndex])).toEqual(Array.from({ length: chunkCount }, (_, i) => [1, ORIGINAL_STYLE_INDEX, i]));
    expect(Buffer.concat(client.frames.map((f) => f.audio)).equals(wav.subarray(44))).toBe(true);
    client.send('stop-binary');

    // A player near the end asks the usual 8 chunks ahead: those past the end are canceled.
    client.send('request-chunks', { trackId: upload.trackId, styleIndex: -1, styleId: null, chunkIndices: Array.from({ length: 8 }, (_, i) => chunkCount - 1 + i) });
    const [canceled] = await client.until(() => client.payloads('chunks-canceled').length > 0 && client.payloads('chunks-canceled'));
    expect(canceled).toEqual({ styleIndex: -1, chunkIndices: Array.from({ length: 7 }, (_, i) => chunkCount + i) });

    client.send('request-mastering', { trackId: upload.trackId });
    const preparation = await client.until(() => client.payloads('prepare-mastering').some((p) => p.processed) && client.payloads('prepare-mastering'), 240_000);
    expect(preparation.at(-1)!.processed).toBe(true);
    expect(preparation.slice(0, -1).every((p) => !p.processed)).toBe(true);

    client.send('end-mastering', { styleId: style.id });
    const bounce = await client.until(() => client.payloads('bounce-progress').some((p) => p.processed) && client.payloads('bounce-progress'), 240_000);
    expect(bounce.at(-1)).toMatchObject({ processed: true, progressInPercent: 100 });
    const bounced = await masterRowOf(h.platform.db, upload.trackId, style.id, ['id']);

    // The bounced master's page asks with its id: a stereo master of the same length.
    client.send('request-meta', { trackId: upload.trackId, masterId: bounced.id, styleId: style.id });
    const [, master] = await client.until(() => client.payloads('meta').length === 2 && client.payloads('meta'));
    expect(master).toMatchObject({ sampleRate: 44100, numberOfSamples: frames, numberOfChannels: 2, totalByteLength: frames * 4 });

    const before = client.frames.length;
    client.send('request-chunks', { trackId: upload.trackId, styleIndex: style.styleIndex, styleId: style.id, chunkIndices: [0] });
    const [first] = await client.until(() => client.frames.length > before && client.frames.slice(before));
    expect([first!.version, first!.styleIndex, first!.chunkIndex, first!.audio.length]).toEqual([1, style.styleIndex, 0, master!.chunkSize]);

    expect(client.payloads('error-message')).toEqual([]);
    client.send('request-meta', { trackId: '00000000-0000-4000-8000-000000000000', masterId: null, styleId: null });
    const [error] = await client.until(() => client.payloads('error-message').length > 0 && client.payloads('error-message'));
    expect(error!.code).toBe('global.error.notFound');

    // Every message of the session, whatever its event, had the shape the protocol gives it.
    for (const message of client.json) expect(() => PAYLOADS[message.event].parse(message.payload), message.event).not.toThrow();
  });
});
