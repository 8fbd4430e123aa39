import { describe, expect, it } from 'vitest';
import { parseEnvelope, serverMessage } from './envelope.js';

const text = (value: string) => new TextEncoder().encode(value).buffer as ArrayBuffer;

describe('socket envelope', () => {
  it('when a well-formed message arrives, then event, token and payload are read', () => {
    const parsed = parseEnvelope(text(JSON.stringify({ event: 'request-meta', token: 't', payload: { trackId: 'x' } })), false);
    expect(parsed).toEqual({ ok: true, envelope: { event: 'request-meta', token: 't', payload: { trackId: 'x' } } });
  });

  it('when the message is binary, not JSON, not UTF-8 or lacks an event, then it is malformed', () => {
    expect(parseEnvelope(text('{"event":"x"}'), true)).toEqual({ ok: false, code: 'socket.error.malformedMessage' });
    expect(parseEnvelope(text('{nope'), false).ok).toBe(false);
    expect(parseEnvelope(new Uint8Array([0xff, 0xfe]).buffer as ArrayBuffer, false).ok).toBe(false);
    expect(parseEnvelope(text(JSON.stringify({ token: 't' })), false).ok).toBe(false);
    expect(parseEnvelope(text(JSON.stringify([1, 2])), false).ok).toBe(false);
  });

  it('when the server answers, then the envelope is {event, payload}', () => {
    expect(JSON.parse(serverMessage('error-message', { code: 'c' }))).toEqual({ event: 'error-message', payload: { code: 'c' } });
  });
});
