import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureLoudness } from './meter/loudness-meter.js';
import { masterAlbum, masterAtIntensity } from './steered-master.js';
import { ffmpegLoudness, type FfmpegLoudness } from './testing/independent-meters.js';
import { masterCliFailure, runMasterCli } from './testing/master-cli.js';
import { seededStyle } from './testing/seed-styles.js';
import { musicLike, type TestSignal } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { writeWavFile } from './testing/wav-writer.js';

/**
 * Steered masters measured by ffmpeg's ebur128, not by the engine: intensity in order (louder and
 * denser from Low to High, each within its target less heldBackLu and under -1 dBTP), and album
 * mode keeping the mixes' loudness differences with the loudest at its target.
 */
const dir = testFolder('steer-int-');

/** Peak-to-loudness ratio: lower is denser. */
const plr = (m: FfmpegLoudness) => m.truePeakDbtp - m.integratedLufs;

/** The signal scaled to an integrated loudness (the engine's meter sets it; ffmpeg checks what came out). */
function atLufs(signal: TestSignal, lufs: number): TestSignal {
  const measured = measureLoudness(signal.data, signal.sampleRate, signal.channels).integratedLufs;
  const gain = 10 ** ((lufs - measured) / 20);
  return { ...signal, data: signal.data.map((x) => x * gain) };
}

describe('intensity', () => {
  it.each([
    ['generated material, Acoustic/Natural', 'Acoustic/Natural', () => musicLike({ seconds: 14, seed: 5, peakDb: -3 })],
    ['a hi-hat-heavy mix at 96 bpm, Pop/Bright', 'Pop/Bright', () => atLufs(musicLike({ seconds: 14, seed: 11, tempoBpm: 96, hiHatDb: 4 }), -20)],
    ['a quiet dynamic mix, Rock/Classic', 'Rock/Classic', () => atLufs(musicLike({ seconds: 14, seed: 3, tempoBpm: 132 }), -23)],
  ] as const)('when %s is mastered at low, medium and high, then ffmpeg finds them louder and denser in that order, each within its target less heldBackLu and under -1 dBTP', async (name, label, make) => {
    const input = path.join(dir, `${name.replace(/\W+/g, '-')}.wav`);
    writeWavFile(input, make(), { format: 'pcm24' });
    const measured: Record<string, FfmpegLoudness> = {};
    for (const intensity of ['low', 'medium', 'high'] as const) {
      const output = path.join(dir, `${path.parse(input).name}-${intensity}.wav`);
      const report = await masterAtIntensity(input, seededStyle(label), intensity, output);
      const m = await ffmpegLoudness(output);
      measured[intensity] = m;
      expect(Math.abs(m.integratedLufs - (report.targetLufs - report.heldBackLu))).toBeLessThanOrEqual(0.5);
      expect(m.truePeakDbtp).toBeLessThanOrEqual(-1);
    }
    const { low, medium, high } = measured as Record<'low' | 'medium' | 'high', FfmpegLoudness>;
    console.info(`${name}: ${Object.entries(measured).map(([k, m]) => `${k} ${m.integratedLufs} LUFS, PLR ${plr(m).toFixed(2)} dB`).join('; ')}`);
    expect(medium.integratedLufs - low.integratedLufs).toBeGreaterThanOrEqual(1.5);
    expect(high.integratedLufs).toBeGreaterThan(medium.integratedLufs);
    expect(plr(low)).toBeGreaterThan(plr(medium));
    expect(plr(medium)).toBeGreaterThan(plr(high));
  }, 300_000);
});

describe('album mode', () => {
  const mixes = [
    { name: 'interlude', lufs: -18, seed: 21 },
    { name: 'ballad', lufs: -14, seed: 22 },
    { name: 'single', lufs: -11, seed: 23 },
  ];

  it('when three mixes at -18, -14 and -11 LUFS are mastered as an album, then they keep their differences within 0.5 LU and the loudest reaches its target less heldBackLu', async () => {
    const tracks = mixes.map((mix) => {
      const input = path.join(dir, `${mix.name}.wav`);
      writeWavFile(input, atLufs(musicLike({ seconds: 12, seed: mix.seed, peakDb: -1 }), mix.lufs), { format: 'pcm24' });
      return { input, output: path.join(dir, `${mix.name}-album.wav`) };
    });
    const album = await masterAlbum(tracks, seededStyle('Rock/Modern'), 'medium');
    expect(album.anchor).toBe(2);
    const inputs = await Promise.all(tracks.map((t) => ffmpegLoudness(t.input)));
    const outputs = await Promise.all(tracks.map((t) => ffmpegLoudness(t.output)));
    for (let i = 0; i < 2; i++) {
      const mixed = inputs[2]!.integratedLufs - inputs[i]!.integratedLufs;
      const mastered = outputs[2]!.integratedLufs - outputs[i]!.integratedLufs;
      expect(Math.abs(mastered - mixed)).toBeLessThanOrEqual(0.5);
    }
    const anchor = album.tracks[2]!.report;
    expect(Math.abs(outputs[2]!.integratedLufs - (seededStyle('Rock/Modern').processing.targetLufs - anchor.heldBackLu))).toBeLessThanOrEqual(0.5);
    for (const output of outputs) expect(output.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(album.spreadInLu).toBeCloseTo(7, 0);
    expect(Math.abs(album.spreadOutLu - album.spreadInLu)).toBeLessThanOrEqual(0.5);
  }, 300_000);

  it('when the command line masters an album, then it prints one object per track in order and the album figures', async () => {
    const inputs = mixes.map((mix) => path.join(dir, `${mix.name}.wav`));
    const outDir = path.join(dir, 'album-cli');
    const { stdout } = await runMasterCli(['--album', ...inputs, '--style', 'Rock/Modern', '--intensity', 'high', '--out-dir', outDir, '--json'], path.join(dir, 'data'));
    const result = JSON.parse(stdout.trim()) as {
      tracks: { input: string; output: string; intensity: string; lufs: number; truePeak: number; platforms: { name: string; gainDb: number; playedLufs: number }[] }[];
      album: { anchor: string; spreadInLu: number; spreadOutLu: number };
    };
    expect(result.tracks.map((t) => t.input)).toEqual(inputs);
    expect(result.tracks.every((t) => t.intensity === 'high' && t.output.startsWith(outDir))).toBe(true);
    expect(result.album.anchor).toBe(inputs[2]);
    expect(Math.abs(result.album.spreadOutLu - result.album.spreadInLu)).toBeLessThanOrEqual(0.5);
    const spotify = result.tracks[2]!.platforms.find((p) => p.name === 'Spotify Normal')!;
    expect(spotify.playedLufs).toBeCloseTo(Math.min(-14, result.tracks[2]!.lufs), 1);
    expect(result.tracks[0]!.platforms.map((p) => p.name)).toEqual(['Spotify Loud', 'Spotify Normal', 'Spotify Quiet', 'Apple Music', 'YouTube', 'Tidal', 'Amazon Music']);
  }, 300_000);
});

describe('npm run master, steered', () => {
  it.each([
    ['the intensity is not one of low, medium and high', 'intensity', ['--intensity', 'extreme'], 'unknown intensity "extreme"; intensities: low, medium, high'],
    ['an amount is not 0 to 150 in steps of 10', 'amounts', ['--width', '155'], '--width takes 0 to 150 in steps of 10'],
  ])('when %s, then it fails with a clear error and exit code 2, writing nothing', async (_, name, option, message) => {
    const input = path.join(dir, `unused-${name}.wav`);
    writeWavFile(input, musicLike({ seconds: 2, seed: 1, peakDb: -6 }), { format: 'pcm16' });
    const out = path.join(dir, `never-${name}.wav`);
    const failure = await masterCliFailure([input, '--style', 'Rock/Modern', ...option, '--out', out], path.join(dir, 'data'));
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain(message);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
