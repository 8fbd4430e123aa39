import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ffmpegLoudness } from '../sidecar/engine/testing/independent-meters.js';
import { masterCliFailure, runMasterCli } from '../sidecar/engine/testing/master-cli.js';
import { musicLike, normalizePeak } from '../sidecar/engine/testing/signals.js';
import { testFolder } from '../sidecar/engine/testing/test-folder.js';
import { writeWavFile } from '../sidecar/engine/testing/wav-writer.js';

const dir = testFolder('cli-reference-');

describe('npm run master --reference', { timeout: 300_000 }, () => {
  it('when a WAV is mastered against a reference with --json and no style, then it takes Acoustic/Natural and the object carries the reference distances before and after, and the file is under -1 dBTP by ffmpeg', async () => {
    const input = path.join(dir, 'in.wav');
    const reference = path.join(dir, 'ref.wav');
    const output = path.join(dir, 'out.wav');
    writeWavFile(input, normalizePeak(musicLike({ seconds: 4, seed: 21, hiHatDb: -12 }), -3), { format: 'pcm24' });
    writeWavFile(reference, normalizePeak(musicLike({ seconds: 4, seed: 22, hiHatDb: 9 }), -0.5), { format: 'pcm24' });
    const { stdout } = await runMasterCli([input, '--reference', reference, '--out', output, '--json'], path.join(dir, 'data'));
    const result = JSON.parse(stdout.trim()) as { reference: Record<string, unknown>; truePeak: number; output: string; style: string };
    expect(result.style).toBe('Acoustic/Natural');
    expect(result.output).toBe(output);
    expect(Object.keys(result.reference).sort()).toEqual(['distanceAfterDb', 'distanceBeforeDb', 'lra', 'lufs', 'plr', 'truePeak']);
    expect(typeof result.reference.distanceBeforeDb).toBe('number');
    expect(result.reference.distanceAfterDb as number).toBeLessThan(result.reference.distanceBeforeDb as number);
    expect((await ffmpegLoudness(output)).truePeakDbtp).toBeLessThanOrEqual(-1);
  });

  it('when the reference cannot be read, then it fails with a usage error and exit code 2', async () => {
    const input = path.join(dir, 'in2.wav');
    writeWavFile(input, musicLike({ seconds: 1, seed: 3 }), { format: 'pcm16' });
    const failure = await masterCliFailure([input, '--reference', path.join(dir, 'missing.wav'), '--style', 'Acoustic/Natural', '--json'], path.join(dir, 'data'));
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('cannot read reference file');
  });
});
