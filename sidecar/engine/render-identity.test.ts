import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bounce, decodeForBounce, decodeToWorkFile, prepareTrack } from './index.js';
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
    Bright: 'aa911c1ea4ff5d9a1ecc95bfdb1238f1aa3f451c68a87063e68e3e83a8c1520e',
    Club: '382336a4cf9b68e4c47ffba7c633e919013e61262dfdddcfce8c73368343433d',
    Natural: '6864f1fcd94d717f010ae0eef8cf4eefe0f3a4d81f6cb516178be0319597df6d',
  },
  dynamic: {
    Bright: '6ed194f82888f2125c0156e79de6fdd15ec9532e2b2ac33feb305b25c6743d62',
    Club: 'ab801c3c691f47d8e32e2301ae612b1c2b67bc0f24c50fe339483acebc2406cb',
    Natural: '38a27feb0a558c489c775c44ea20f5d9ac27fcd5e5bf5e2c6c409ce98796be3c',
  },
  mono: {
    Bright: 'd46adb2b9bcad676bec03c7f165fd770cad6e46d0a3d417a7c41470009fa29ff',
    Club: '4cf0aa0965730d42c4ccefe8abaa89a91b0960b70af39a6b91ad13261a934f6a',
    Natural: 'd33816cff9077aba5200e08086221cae96c8c4cac7bdbae8026e718d0e38399a',
  },
  rate48k: {
    Bright: '93a705d57de0211c421c8c088ed6c361cfe77c1bffab939ea8524d1cb637b241',
    Club: '95ef8286f50d221c902145650b3b5732d8f945352519b91f525eca78e1f5b2b6',
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
