import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../testing/fake-websocket.js';
import { backoffDelay, MAX_RECONNECT_ATTEMPTS, MediaSocket, RECONNECT_DELAYS_MS, tokenExpiry } from './media-socket.js';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ sub: 'u', exp })).replace(/=+$/, '')}.s`;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the media socket client', () => {
  let token: string | null;
  let refreshes: boolean[];
  const create = () =>
    new MediaSocket({
      url: 'ws://media/ws',
      getToken: () => token,
      refreshToken: async () => {
        const ok = refreshes.shift() ?? false;
        if (ok) token = jwt(Date.now() / 1000 + 900);
        return ok;
      },
      createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
      delayOf: () => 1,
    });

  beforeEach(() => {
    FakeWebSocket.instances = [];
    token = jwt(Date.now() / 1000 + 900);
    refreshes = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('when a message is sent before the connection opens, then it leaves once open, with the token', async () => {
    const socket = create();
    socket.send('request-meta', { trackId: 't' });
    expect(FakeWebSocket.latest().sent).toEqual([]);
    const events: string[] = [];
    window.addEventListener('WebsocketConnected', () => events.push('connected'), { once: true });
    FakeWebSocket.latest().open();
    await flush();
    expect(FakeWebSocket.latest().sent).toEqual([{ event: 'request-meta', token, payload: { trackId: 't' } }]);
    expect(socket.getState()).toBe('connected');
    expect(events).toEqual(['connected']);
  });

  it('when the token is about to expire, then it is renewed before sending', async () => {
    token = jwt(Date.now() / 1000 + 1);
    refreshes = [true];
    const socket = create();
    FakeWebSocket.latest().open();
    socket.send('request-mastering', { trackId: 't' });
    await flush();
    const sent = FakeWebSocket.latest().sent[0]!;
    expect(tokenExpiry(sent.token!)! - Date.now()).toBeGreaterThan(60_000);
  });

  it('when the server refuses the token, then it is renewed and the message sent again; when renewal fails, then expired', async () => {
    refreshes = [true];
    const socket = create();
    const ws = FakeWebSocket.latest();
    ws.open();
    socket.send('request-chunks', { chunkIndices: [0] });
    await flush();
    ws.serverSends('error-message', { code: 'global.error.unauthorized', event: 'request-chunks' });
    await flush();
    await flush();
    expect(ws.sent.map((m) => m.event)).toEqual(['request-chunks', 'request-chunks']);
    ws.serverSends('error-message', { code: 'global.error.unauthorized', event: 'request-meta' });
    await flush();
    expect(socket.getState()).toBe('expired');
  });

  it('when the connection drops, then it reconnects and says reconnected', async () => {
    const socket = create();
    FakeWebSocket.latest().open();
    const opens: boolean[] = [];
    socket.onOpen((reconnected) => opens.push(reconnected));
    FakeWebSocket.latest().drop();
    expect(socket.getState()).toBe('disconnected');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(opens).toEqual([true]);
    expect(socket.getState()).toBe('connected');
  });

  it('when reconnects keep failing, then each waits the next backoff delay, and a success starts over at the first', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: the middle of ±20 %
    const socket = new MediaSocket({
      url: 'ws://media/ws',
      getToken: () => token,
      refreshToken: async () => false,
      createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    });
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    for (const [attempt, delay] of RECONNECT_DELAYS_MS.slice(0, 3).entries()) {
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances, `attempt ${attempt} leaves before its ${delay} ms`).toHaveLength(attempt + 1);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances, `attempt ${attempt} leaves at ${delay} ms`).toHaveLength(attempt + 2);
      if (attempt < 2) FakeWebSocket.latest().drop();
    }
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(RECONNECT_DELAYS_MS[0]!);
    expect(FakeWebSocket.instances).toHaveLength(5);
    socket.close();
    vi.restoreAllMocks();
  });

  it('when many tabs back off together, then each delay is jittered within ±20 % and the last delay repeats', () => {
    expect(backoffDelay(0, () => 0)).toBe(400);
    expect(backoffDelay(0, () => 1)).toBe(600);
    expect(backoffDelay(1, () => 0.5)).toBe(1000);
    expect(backoffDelay(99, () => 0.5)).toBe(RECONNECT_DELAYS_MS[RECONNECT_DELAYS_MS.length - 1]);
  });

  it(`when ${MAX_RECONNECT_ATTEMPTS} reconnects fail in a row, then the connection is expired`, async () => {
    const socket = create();
    FakeWebSocket.latest().drop();
    for (let i = 0; i < MAX_RECONNECT_ATTEMPTS; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      FakeWebSocket.latest().drop();
    }
    expect(socket.getState()).toBe('expired');
    expect(FakeWebSocket.instances).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
  });

  it('when a binary frame arrives, then listeners get it decoded', () => {
    const socket = create();
    const ws = FakeWebSocket.latest();
    ws.open();
    const frames: number[][] = [];
    socket.onFrame((frame) => frames.push([frame.styleIndex, frame.chunkIndex, frame.audio.byteLength]));
    const bytes = new Uint8Array([0, 1, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 3, 1, 2, 3, 4]);
    ws.onmessage?.({ data: bytes.buffer });
    expect(frames).toEqual([[-1, 3, 4]]);
  });
});
