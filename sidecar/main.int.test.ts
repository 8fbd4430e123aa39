import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signAccessToken } from '../src/platform/access-token.js';
import { startProcess, type ProductProcess } from '../src/test/product-process.js';

const JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

function exchange(url: string, message: string | Buffer): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(message));
    ws.on('message', (data) => {
      resolve(JSON.parse(data.toString()));
      ws.close();
    });
    ws.on('error', reject);
  });
}

describe('media sidecar', () => {
  let media: ProductProcess;
  beforeAll(async () => {
    media = await startProcess('sidecar/main.ts');
  });
  afterAll(() => media.stop());

  it('when probed, then /healthz answers', async () => {
    expect((await fetch(`http://127.0.0.1:${media.ports.media}/healthz`)).status).toBe(200);
  });

  it('when a client sends an unknown event, then it gets error-message', async () => {
    expect(await exchange(media.mediaUrl, JSON.stringify({ event: 'dance', payload: {} }))).toEqual({
      event: 'error-message',
      payload: { code: 'socket.error.unknownEvent', event: 'dance' },
    });
  });

  it('when a message is not a JSON envelope, then it gets a malformed-message error', async () => {
    expect(await exchange(media.mediaUrl, 'not json')).toEqual({ event: 'error-message', payload: { code: 'socket.error.malformedMessage' } });
  });

  it('when a known event comes without a valid token, then it is refused', async () => {
    expect(await exchange(media.mediaUrl, JSON.stringify({ event: 'request-meta', payload: {} }))).toEqual({
      event: 'error-message',
      payload: { code: 'global.error.unauthorized', event: 'request-meta' },
    });
    const forged = signAccessToken('another-secret-0123456789abcdef0123456789', 'u1').token;
    const answer = await exchange(media.mediaUrl, JSON.stringify({ event: 'request-meta', token: forged, payload: {} }));
    expect(answer).toMatchObject({ payload: { code: 'global.error.unauthorized' } });
    expect(signAccessToken(JWT_SECRET, 'u1').token).toBeTruthy();
  });
});
