import { describe, expect, it } from 'vitest';
import { encodeStreamFrame, streamIndexOf } from '../../../../../src/modules/streaming/stream-frame.js';
import { FakeWebSocket } from '../testing/fake-websocket.js';
import { MediaSocket } from './media-socket.js';
import { StreamFeed, type StreamSpec } from './stream-feed.js';

const TRACK = '7d4f1b1e-8f5e-4d43-9a55-1f1e5f0d2a10';
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ORIGINAL: StreamSpec = { styleIndex: -1, styleId: null };
const STYLE: StreamSpec = { styleIndex: 3, styleId: 4 };

async function feedOnSocket() {
  FakeWebSocket.instances = [];
  const socket = new MediaSocket({
    url: 'ws://media/ws',
    getToken: () => 'h.eyJzdWIiOiJ1IiwiZXhwIjo5OTk5OTk5OTk5fQ.s',
    refreshToken: async () => false,
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    delayOf: () => 1,
  });
  const ws = FakeWebSocket.latest();
  ws.open();
  const failures: { spec: StreamSpec; code: string }[] = [];
  const frames: number[] = [];
  const feed = new StreamFeed(socket, TRACK, {
    meta: () => undefined,
    frame: (frame) => frames.push(frame.chunkIndex),
    failed: (spec, code) => failures.push({ spec, code }),
    reconnected: () => undefined,
  });
  await flush();
  return { ws, feed, failures, frames };
}

const want = (spec: StreamSpec, chunks: number[], held: number[] = []) => ({ spec, chunks, held: (chunk: number) => held.includes(chunk) });

describe('the player stream feed (socket protocol)', () => {
  it('when two styles need chunks, then only the first is asked for until its chunks have arrived', async () => {
    const { ws, feed, frames } = await feedOnSocket();
    feed.pump([want(ORIGINAL, [0, 1, 2], [0]), want(STYLE, [0, 1, 2])]);
    feed.pump([want(ORIGINAL, [0, 1, 2], [0]), want(STYLE, [0, 1, 2])]);
    await flush();
    const requests = () => ws.sent.filter((m) => m.event === 'request-chunks').map((m) => m.payload);
    expect(requests()).toEqual([{ trackId: TRACK, styleIndex: -1, styleId: null, chunkIndices: [1, 2] }]);
    for (const chunk of [1, 2]) ws.onmessage?.({ data: encodeStreamFrame(-1, chunk, new Uint8Array(8)).slice().buffer });
    expect(frames).toEqual([1, 2]);
    feed.pump([want(ORIGINAL, [0, 1, 2], [0, 1, 2]), want(STYLE, [0, 1, 2])]);
    await flush();
    expect(requests()).toHaveLength(2);
    expect(requests()[1]).toEqual({ trackId: TRACK, styleIndex: 3, styleId: 4, chunkIndices: [0, 1, 2] });
  });

  it('when a style is heard at other amounts, then its meta request carries them, and at 100 % each it carries none', async () => {
    const { ws, feed } = await feedOnSocket();
    const toned: StreamSpec = { styleIndex: streamIndexOf(3, 'medium', { tone: 120, width: 100, dynamics: 100 }), styleId: 4, amounts: { tone: 120, width: 100, dynamics: 100 } };
    feed.requestMeta(toned);
    ws.serverSends('error-message', { code: 'mastering.notPrepared', event: 'request-meta' });
    feed.requestMeta({ ...STYLE, amounts: { tone: 100, width: 100, dynamics: 100 } });
    await flush();
    expect(ws.sent.filter((m) => m.event === 'request-meta').map((m) => m.payload)).toEqual([
      { trackId: TRACK, styleId: 4, amounts: { tone: 120, width: 100, dynamics: 100 } },
      { trackId: TRACK, styleId: 4 },
    ]);
  });

  it('when a chunk request fails, then the failure names the style that was waiting', async () => {
    const { ws, feed, failures } = await feedOnSocket();
    feed.pump([want(STYLE, [0, 1])]);
    ws.serverSends('error-message', { code: 'mastering.notPrepared', event: 'request-chunks' });
    expect(failures).toEqual([{ spec: STYLE, code: 'mastering.notPrepared' }]);
    expect(feed.isPending(STYLE, 0)).toBe(false);
  });

  it('when a second meta is asked for while one is on its way, then it is refused until the answer arrives', async () => {
    const { ws, feed } = await feedOnSocket();
    expect(feed.requestMeta(ORIGINAL)).toBe(true);
    expect(feed.requestMeta(STYLE)).toBe(false);
    ws.serverSends('error-message', { code: 'global.error.notFound', event: 'request-meta' });
    expect(feed.requestMeta(STYLE)).toBe(true);
    await flush();
    expect(ws.sent.filter((m) => m.event === 'request-meta').map((m) => m.payload)).toEqual([{ trackId: TRACK }, { trackId: TRACK, styleId: 4 }]);
  });
});
