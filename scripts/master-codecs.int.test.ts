import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { masterCliFailure, runMasterCli } from '../sidecar/engine/testing/master-cli.js';
import { clipped, musicLike, normalizePeak } from '../sidecar/engine/testing/signals.js';
import { testFolder } from '../sidecar/engine/testing/test-folder.js';
import { writeWavFile } from '../sidecar/engine/testing/wav-writer.js';

const dir = testFolder('cli-codecs-');
const cli = (args: string[]) => runMasterCli(args, path.join(dir, 'data'));

/** Temporary folders of the round trip (the command's own, under the system's temp folder). */
const codecFolders = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('masterdeck-codecs-'));

describe('npm run master --codecs', { timeout: 300_000 }, () => {
  it('when a loud, clipped mix is mastered with --json --codecs, then the object carries the decoded true peak and loudness of AAC 256 and Opus 160, at or above the master s true peak, and no temporary folder is left', async () => {
    const input = path.join(dir, 'loud.wav');
    writeWavFile(input, clipped(normalizePeak(musicLike({ seconds: 6, seed: 5 }), 4), -0.1), { format: 'pcm24' });
    const before = codecFolders();
    const { stdout } = await cli([input, '--style', 'Pop/Punchy', '--out', path.join(dir, 'out.wav'), '--json', '--codecs']);
    const result = JSON.parse(stdout.trim()) as { truePeak: number; lufs: number; codecs: { codec: string; bitrateKbps: number; truePeakDb: number; lufs: number }[] };
    expect(result.codecs.map((c) => [c.codec, c.bitrateKbps])).toEqual([
      ['aac', 256],
      ['opus', 160],
    ]);
    for (const codec of result.codecs) {
      expect(codec.truePeakDb).toBeGreaterThanOrEqual(result.truePeak - 0.1);
      expect(codec.truePeakDb).toBeLessThan(result.truePeak + 3);
      expect(Math.abs(codec.lufs - result.lufs)).toBeLessThan(0.5);
    }
    expect(codecFolders()).toEqual(before);
  });

  it('when --codecs is asked of an album, then it fails with a usage error and exit code 2', async () => {
    const failure = await masterCliFailure(['--album', 'a.wav', 'b.wav', '--style', 'Pop/Punchy', '--out-dir', dir, '--codecs'], path.join(dir, 'data'));
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('--codecs checks one master');
  });
});
