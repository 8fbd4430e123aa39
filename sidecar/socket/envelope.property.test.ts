import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SOCKET_ERROR_CODES } from '../../src/modules/streaming/index.js';
import { parseEnvelope } from './envelope.js';

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 1500);
const encoder = new TextEncoder();
const bufferOf = (bytes: Uint8Array) => bytes.slice().buffer;

function expectKnownAnswer(result: ReturnType<typeof parseEnvelope>) {
  if (result.ok) {
    expect(typeof result.envelope.event).toBe('string');
    return;
  }
  expect(result.code).toBe(SOCKET_ERROR_CODES.malformed);
}

describe('socket envelope parser, property-based', () => {
  it('when given any bytes, text or binary, then it accepts an envelope or refuses with the malformed key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), fc.boolean(), (bytes, isBinary) => {
        const result = parseEnvelope(bufferOf(bytes), isBinary);
        expectKnownAnswer(result);
        if (isBinary) expect(result.ok).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });

  it('when given any JSON value, nested or not, then the answer is known and never a crash', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expectKnownAnswer(parseEnvelope(bufferOf(encoder.encode(JSON.stringify(value))), false));
      }),
      { numRuns: RUNS },
    );
  });

  it('when an envelope has a known event and any payload, then it is accepted as sent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLIENT_EVENTS), fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 3 }), (event, token, payload) => {
        const result = parseEnvelope(bufferOf(encoder.encode(JSON.stringify({ event, token, payload }))), false);
        expectKnownAnswer(result);
        if (result.ok) expect(result.envelope.event).toBe(event);
      }),
      { numRuns: RUNS },
    );
  });

  it('when a message is over 64 KiB or nested 100,000 deep, then it is refused without a crash', () => {
    expectKnownAnswer(parseEnvelope(bufferOf(new Uint8Array(64 * 1024 + 1).fill(32)), false));
    const deep = `{"event":"request-meta","payload":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    expectKnownAnswer(parseEnvelope(bufferOf(encoder.encode(deep)), false));
  });
});
