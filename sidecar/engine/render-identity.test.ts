import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bounce, decodeForBounce, decodeToWorkFile, prepareTrack } from './index.js';
import { seededEngineStyles } from './testing/seed-styles.js';
import { clipped, musicLike, normalizePeak, toMono, type TestSignal } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { writeWavFile } from './testing/wav-writer.js';

const dir = testFolder('render-identity-');

const TRACKS: Record<string, () => TestSignal> = {
  loudClipped: () => clipped(normalizePeak(musicLike({ seconds: 5, seed: 21 }), 6), -0.1),
  dynamic: () => musicLike({ seconds: 5, seed: 22, peakDb: -8 }),
  mono: () => toMono(musicLike({ seconds: 4, seed: 23, peakDb: -3 })),
  rate48k: () => musicLike({ seconds: 4, seed: 24, sampleRate: 48000, peakDb: -2 }),
};
/** Three styles fitted in one thread (four or more would share the fit with a helper thread). */
const STYLES = ['Bright', 'Club', 'Natural'];

/**
 * SHA-256 of each master's 24-bit file. These pin the render: a change of the engine that must
 * not change the sound (a restructuring, a speed-up) leaves them as they are. When the sound is
 * meant to change, record the new hashes deliberately and say why in the commit.
 */
const EXPECTED: Record<string, Record<string, string>> = {
  loudClipped: {
    Bright: '60c9931b2fe35c98612d6647456de22be877f4333702a34ad5498dd2e2a97f95',
    Club: '407c8d8377fd36ebd36184d3244361a17167551d113f7bc51ce7c2cc8633a744',
    Natural: '6864f1fcd94d717f010ae0eef8cf4eefe0f3a4d81f6cb516178be0319597df6d',
  },
  dynamic: {
    Bright: 'd9134c31798f17e7961fcfdfb0fe4faff7a9b6796e75a6e37a16cd6316c717e6',
    Club: '674561a365f7f9bb7be6a6a484abfb63aad93d10405b0194ebbdc652b5ee7a1a',
    Natural: '38a27feb0a558c489c775c44ea20f5d9ac27fcd5e5bf5e2c6c409ce98796be3c',
  },
  mono: {
    Bright: '4299cba261ba03b068af0cc3e7d6aa4bc1387c1315dd569308dd1a2171e36ce6',
    Club: 'a99f2a669292b55af637cdee1e6727fc2a8a16259aec232fab577653ac628472',
    Natural: 'd33816cff9077aba5200e08086221cae96c8c4cac7bdbae8026e718d0e38399a',
  },
  rate48k: {
    Bright: '636df6e3a3e4614410efd1981bb01f0cce29d532b476898bacdf00994ea94792',
    Club: 'babda42bc0b26844d322fbbd7d8b06f95742cc42504fa2d5af279d4ddcabc05a',
    Natural: '21f7702fa7e0429121bb7e0f5382019ea2a48a3cf7212ab0b092431bb1a02245',
  },
};

describe('the rendered masters, byte for byte', () => {
  it.each(Object.keys(TRACKS))('when the %s track is mastered in three styles, then every master has its recorded hash', { timeout: 120_000 }, async (track) => {
    const input = path.join(dir, `${track}.wav`);
    writeWavFile(input, TRACKS[track]!(), { format: 'pcm24' });
    const workFile = await decodeToWorkFile(input, path.join(dir, `${track}.f32`));
    const styles = seededEngineStyles().filter((style) => STYLES.includes(style.name));
    const preparation = await prepareTrack(workFile, styles);
    // As the product bounces: the 48 kHz track at 48 kHz, the others from the work file itself.
    const masterWork = (await decodeForBounce(input, workFile, workFile.sourceSampleRate, path.join(dir, `${track}-master.f32`))) ?? workFile;
    const hashes: Record<string, string> = {};
    for (const fitted of preparation.styles) {
      const report = await bounce(masterWork, fitted, path.join(dir, `${track}-${fitted.name}.wav`));
      hashes[fitted.name] = report.sha256;
    }
    if (process.env.PRINT_RENDER_HASHES) console.log(JSON.stringify({ [track]: hashes }));
    expect(hashes).toEqual(EXPECTED[track]);
  });
});
