import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bounce, decodeToWorkFile, prepareTrack } from './index.js';
import { seededEngineStyles } from './testing/seed-styles.js';
import { clipped, musicLike, normalizePeak, toMono, type TestSignal } from './testing/signals.js';
import { writeWavFile } from './testing/wav-writer.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'render-identity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    Bright: 'd848dc28dd44c459388ed6d742c3b287b61bee961188b4122d0ae3a7f1cd5cd1',
    Club: 'd848dc28dd44c459388ed6d742c3b287b61bee961188b4122d0ae3a7f1cd5cd1',
    Natural: '2e1dae1e954a4df16aed9466171837a1c20d63a4ab54ab2c9b5773ec14f19250',
  },
  dynamic: {
    Bright: '7e9d048eb9d5ee4dcfad50a8becb9f7b33379235411b9d4ba2d8ff19bc402e1f',
    Club: '47b7ae6c821a582a38eef39be63560d66be698acdd8017347c988b8731234d7b',
    Natural: '0d2816d3f05484dea8aefa021096f92ea4f46f4a772ee37398cc9a8f7859c240',
  },
  mono: {
    Bright: 'ad3e663a8c19d77f14d8c44e8fc04cf38d1d67c067d9b6ebd4f568d61ea2c314',
    Club: 'ffc4647fff91b719b5dcb58d5d9ad7821a0d66bac6e49ed199edbbbe05a676a5',
    Natural: '5ebf3ae5db13b8d9f7bf40a5250f3bbdd27d3f15e5ac320b8f8fb2af7fc35624',
  },
  rate48k: {
    Bright: 'cd644cd919c848fc029d66dc72570fef07bd81f203359925568e51fa5fe73908',
    Club: '44e9a9411493147c9236ef672a52832319abacf1c4facaf8aa4629102ca05187',
    Natural: '9401ff5be0f7f2b8e3a17167f946752aefeb0e055c93b34e1e1b2b8d14a57db3',
  },
};

describe('the rendered masters, byte for byte', () => {
  it.each(Object.keys(TRACKS))('when the %s track is mastered in three styles, then every master has its recorded hash', { timeout: 120_000 }, async (track) => {
    const input = path.join(dir, `${track}.wav`);
    writeWavFile(input, TRACKS[track]!(), { format: 'pcm24' });
    const workFile = await decodeToWorkFile(input, path.join(dir, `${track}.f32`));
    const styles = seededEngineStyles().filter((style) => STYLES.includes(style.name));
    const preparation = await prepareTrack(workFile, styles);
    const hashes: Record<string, string> = {};
    for (const fitted of preparation.styles) {
      const report = await bounce(workFile, fitted, path.join(dir, `${track}-${fitted.name}.wav`));
      hashes[fitted.name] = report.sha256;
    }
    if (process.env.PRINT_RENDER_HASHES) console.log(JSON.stringify({ [track]: hashes }));
    expect(hashes).toEqual(EXPECTED[track]);
  });
});
