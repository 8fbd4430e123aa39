import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWavHeader, wavHeader, WAV_LIMITS, type WavHeaderResult, type WavSampleFormat } from './wav-header.js';

/** A few thousand cases in CI; `npm run fuzz` sets FAST_CHECK_RUNS for a nightly-sized run. */
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 1500);

const STATUSES = ['ok', 'incomplete', 'noWaveFile', 'unsupportedWave'];
const BITS: Record<WavSampleFormat, number> = { pcm16: 16, pcm24: 24, pcm32: 32, float32: 32, float64: 64 };

/** What any answer of the parser must satisfy, whatever the bytes. */
function expectConsistent(result: WavHeaderResult, head: Uint8Array, fileSize: number | undefined) {
  expect(STATUSES).toContain(result.status);
  if (result.status === 'noWaveFile' || result.status === 'unsupportedWave') {
    expect(typeof result.reason).toBe('string');
    expect(result.reason.length).toBeGreaterThan(0);
  }
  if (result.status !== 'ok') return;
  const f = result.format;
  expect(f.sampleRate).toBeGreaterThanOrEqual(WAV_LIMITS.minSampleRate);
  expect(f.sampleRate).toBeLessThanOrEqual(WAV_LIMITS.maxSampleRate);
  expect([1, 2]).toContain(f.channels);
  expect([16, 24, 32, 64]).toContain(f.bitsPerSample);
  expect(Number.isInteger(f.dataOffset) && f.dataOffset >= 12 && f.dataOffset <= head.length).toBe(true);
  expect(Number.isSafeInteger(f.dataBytes) && f.dataBytes >= 0).toBe(true);
  expect(f.frames).toBe(Math.floor(f.dataBytes / (f.channels * (f.bitsPerSample / 8))));
  if (fileSize !== undefined) expect(f.dataOffset + f.dataBytes).toBeLessThanOrEqual(fileSize);
}

const headerOptions = fc.record({
  sampleRate: fc.constantFrom(8000, 22050, 44100, 48000, 96000, 192000),
  channels: fc.constantFrom(1, 2),
  format: fc.constantFrom<WavSampleFormat>('pcm16', 'pcm24', 'pcm32', 'float32', 'float64'),
  frames: fc.integer({ min: 1, max: 10_000_000 }),
  extensible: fc.boolean(),
  rf64: fc.boolean(),
});

describe('WAV header parser, property-based', () => {
  it('when given any bytes, then it answers one of its four statuses with consistent fields and never throws', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), fc.option(fc.nat({ max: 1 << 30 }), { nil: undefined }), (head, fileSize) => {
        expectConsistent(parseWavHeader(head, fileSize === undefined ? {} : { fileSize }), head, fileSize);
      }),
      { numRuns: RUNS },
    );
  });

  it('when a header it wrote is read back, then every field comes back', () => {
    fc.assert(
      fc.property(headerOptions, (options) => {
        const head = new Uint8Array(wavHeader(options));
        const bytesPerFrame = (BITS[options.format] / 8) * options.channels;
        const result = parseWavHeader(head, { fileSize: head.length + options.frames * bytesPerFrame });
        expect(result.status).toBe('ok');
        if (result.status !== 'ok') return;
        expect(result.format).toMatchObject({
          sampleRate: options.sampleRate,
          channels: options.channels,
          bitsPerSample: BITS[options.format],
          sampleFormat: options.format.startsWith('float') ? 'float' : 'int',
          dataOffset: head.length,
          frames: options.frames,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('when a valid header has bytes changed, cut short or appended, then the answer is still consistent', () => {
    fc.assert(
      fc.property(
        headerOptions,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat({ max: 200 }),
        fc.uint8Array({ maxLength: 64 }),
        (options, edits, cut, tail) => {
          const written = new Uint8Array(wavHeader(options));
          for (const [at, value] of edits) written[at % written.length] = value;
          const head = new Uint8Array([...written.subarray(0, Math.max(0, written.length - cut)), ...tail]);
          const fileSize = head.length + options.frames * 8;
          expectConsistent(parseWavHeader(head, { fileSize }), head, fileSize);
          expectConsistent(parseWavHeader(head), head, undefined);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
