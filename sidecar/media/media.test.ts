import { describe, expect, it } from 'vitest';
import { encodeStreamFrame } from '../../src/modules/streaming/index.js';
import type { ChunkProvider, StreamTarget } from './chunk-provider.js';
import { ChunkStreamer, MAX_QUEUED_CHUNKS, SEND_HIGH_WATER_BYTES, type StreamSink } from './chunk-streamer.js';
import { JobRegistry } from './jobs.js';
import { ByteLruCache } from './lru-cache.js';
import { chunkRange, CHUNK_FRAMES, floatToS16le, s24leToS16le } from './pcm.js';

const s16 = (values: number[]) => {
  const out = new Uint8Array(values.length * 2);
  floatToS16le(Float32Array.from(values), out);
  return Array.from(new Int16Array(out.buffer));
};

describe('pcm', () => {
  it('when floats are converted, then they round to nearest (ties to even) and clip, like ffmpeg flt -> s16', () => {
    expect(s16([0, 1, -1, 2, -2, 0.5 / 32768, 1.5 / 32768, 2.5 / 32768, -0.5 / 32768, 100 / 32768, NaN])).toEqual([0, 32767, -32768, 32767, -32768, 0, 2, 2, 0, 100, 0]);
  });

  it('when 24-bit samples are converted, then the same rule applies to v / 256', () => {
    const bytes = new Uint8Array([0x80, 0, 0, 0x80, 0x01, 0, 0xff, 0xff, 0x7f, 0, 0, 0x80]);
    const out = new Uint8Array(8);
    s24leToS16le(bytes, out);
    expect(Array.from(new Int16Array(out.buffer))).toEqual([0, 2, 32767, -32768]);
  });

  it('when a stream is cut into chunks, then each is one second and the last one shorter', () => {
    expect(chunkRange(0, 100_000)).toEqual({ start: 0, count: CHUNK_FRAMES });
    expect(chunkRange(2, 100_000)).toEqual({ start: 88_200, count: 11_800 });
    expect(chunkRange(3, 100_000).count).toBe(0);
  });

});

describe('byte LRU cache', () => {
  it('when the budget is exceeded, then the least recently used entries go first', () => {
    const cache = new ByteLruCache<Uint8Array>(10);
    cache.set('a', new Uint8Array(4));
    cache.set('b', new Uint8Array(4));
    cache.get('a');
    cache.set('c', new Uint8Array(4));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([true, false, true]);
    expect(cache.byteSize).toBe(8);
  });
});

describe('job registry', () => {
  it('when a second waiter asks for a running job, then it joins it and gets the latest progress', async () => {
    const jobs = new JobRegistry();
    let runs = 0;
    let finish!: (value: string) => void;
    const run = async (_signal: AbortSignal, progress: (value: number) => void) => {
      runs++;
      progress(40);
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const seen: number[] = [];
    const a = jobs.join('k', {}, run);
    const b = jobs.join('k', {}, run, (p) => seen.push(p));
    finish('done');
    expect(await Promise.all([a, b])).toEqual(['done', 'done']);
    expect(runs).toBe(1);
    expect(seen).toEqual([40]);
  });

  it('when every waiter leaves, then the job is aborted', async () => {
    const jobs = new JobRegistry();
    const a = {};
    const b = {};
    let aborted = false;
    const run = (signal: AbortSignal) =>
      new Promise<void>((_resolve, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(new Error('aborted')))));
    const pa = jobs.join('k', a, run);
    const pb = jobs.join('k', b, run);
    jobs.leave(a);
    expect(aborted).toBe(false);
    jobs.leave(b);
    expect(aborted).toBe(true);
    await expect(pa).rejects.toThrow('aborted');
    await expect(pb).rejects.toThrow('aborted');
    expect(jobs.running).toEqual([]);
  });
});

function fakeTarget(styleIndex: number, frames = CHUNK_FRAMES * 100): StreamTarget {
  return { kind: 'render', trackId: 't', styleIndex, version: 'v', frames, channels: 2, render: async () => new Uint8Array(4) };
}

function harness() {
  const sent: { styleIndex: number; chunkIndex: number }[] = [];
  const canceled: { styleIndex: number; chunkIndices: number[] }[] = [];
  let buffered = 0;
  const gates: Array<() => void> = [];
  const sink: StreamSink = {
    closed: false,
    bufferedAmount: () => buffered,
    sendBinary: (frame) => {
      const view = new DataView(frame.buffer, frame.byteOffset);
      sent.push({ styleIndex: view.getUint32(2) === 0xffffffff ? -1 : view.getUint32(2), chunkIndex: view.getUint32(6) });
      return true;
    },
    sendCanceled: (styleIndex, chunkIndices) => canceled.push({ styleIndex, chunkIndices }),
    sendError: () => undefined,
  };
  const provider = {
    frame: (target: StreamTarget, chunkIndex: number) =>
      new Promise<Uint8Array>((resolve) => gates.push(() => resolve(encodeStreamFrame(target.kind === 'original' ? -1 : target.styleIndex, chunkIndex, new Uint8Array(2)))))
  } as unknown as ChunkProvider;
  const streamer = new ChunkStreamer(sink, provider, () => 'code');
  const flush = async () => {
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
  };
  return { streamer, sent, canceled, flush, setBuffered: (n: number) => (buffered = n) };
}

describe('chunk streamer', () => {
  it('when chunks are requested, then they are sent lowest index first, once each', async () => {
    const h = harness();
    h.streamer.request(fakeTarget(1), [3, 1, 2, 1]);
    await h.flush();
    expect(h.sent.map((s) => s.chunkIndex)).toEqual([1, 2, 3]);
  });

  it('when another style is requested while chunks wait, then those are dropped and reported, the in-flight one included', async () => {
    const h = harness();
    h.streamer.request(fakeTarget(1), [0, 1, 2, 3]);
    h.streamer.request(fakeTarget(2), [0, 1]);
    await h.flush();
    expect(h.canceled).toEqual([{ styleIndex: 1, chunkIndices: [0, 1, 2, 3] }]);
    expect(h.sent).toEqual([
      { styleIndex: 2, chunkIndex: 0 },
      { styleIndex: 2, chunkIndex: 1 },
    ]);
  });

  it('when uWS holds more than the high-water mark, then nothing is sent until drain', async () => {
    const h = harness();
    h.setBuffered(SEND_HIGH_WATER_BYTES);
    h.streamer.request(fakeTarget(1), [0, 1]);
    await h.flush();
    expect(h.sent).toEqual([]);
    h.setBuffered(0);
    h.streamer.onDrain();
    await h.flush();
    expect(h.sent).toHaveLength(2);
  });

  it('when a client asks for more than the queue holds, then the excess is refused with chunks-canceled', async () => {
    const h = harness();
    h.setBuffered(SEND_HIGH_WATER_BYTES);
    for (let from = 0; from < 96; from += 32) h.streamer.request(fakeTarget(1), Array.from({ length: 32 }, (_, i) => from + i));
    expect(h.streamer.queued).toBe(MAX_QUEUED_CHUNKS);
    expect(h.canceled.flatMap((c) => c.chunkIndices)).toHaveLength(96 - MAX_QUEUED_CHUNKS);
  });

  it('when stop-binary arrives, then queued chunks are not sent', async () => {
    const h = harness();
    h.streamer.request(fakeTarget(1), [0, 1, 2]);
    h.streamer.stop();
    await h.flush();
    expect(h.sent).toEqual([]);
  });
});
