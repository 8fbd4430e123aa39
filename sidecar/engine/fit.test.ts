import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TONE_BANDS, type BandGains } from './dsp/chain.js';
import { createFitClaims, excerptInputLoudness, fitClaimedStyles, loadExcerpt, planExcerpt, type FittedStyle } from './fit.js';
import { analyseWorkFile, decodeToWorkFile } from './index.js';
import { seededEngineStyles } from './testing/seed-styles.js';
import { musicLike } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { writeWavFile } from './testing/wav-writer.js';
import { openWorkFile } from './work-file.js';

const dir = testFolder('fit-claims-');

describe('fitting styles from shared claims', () => {
  it('when two fitters share one claim counter, then every style is fitted exactly once and each learns from the other', { timeout: 60_000 }, async () => {
    writeWavFile(path.join(dir, 'in.wav'), musicLike({ seconds: 6, seed: 3, peakDb: -1 }), { format: 'pcm16' });
    const workFile = await decodeToWorkFile(path.join(dir, 'in.wav'), path.join(dir, 'in.f32'));
    const analysis = await analyseWorkFile(workFile);
    const reader = openWorkFile(workFile);
    const excerpt = loadExcerpt(reader, planExcerpt(workFile.frames));
    reader.close();
    const inputs = {
      inputLufs: analysis.lufs!,
      shortTermLufs: analysis.shortTermLufs!,
      correlation: 1,
      excerptInputLufs: excerptInputLoudness(excerpt),
      bandLevelsDb: Object.fromEntries(TONE_BANDS.map((band) => [band, analysis.bandLevelsDb[band] ?? -Infinity])) as BandGains,
      truePeakDb: analysis.truePeak!,
      subsonicHz: 28,
      lra: analysis.lra,
    };
    const styles = seededEngineStyles().slice(0, 6);
    const claims = createFitClaims();
    const fittedBy: string[] = new Array(styles.length);
    const historyA: FittedStyle[] = [];
    const historyB: FittedStyle[] = [];
    const fitter = (name: string, own: FittedStyle[], other: FittedStyle[]) =>
      fitClaimedStyles(claims, styles, inputs, excerpt, own, () => undefined, (index, fitted) => {
        expect(fittedBy[index]).toBeUndefined();
        fittedBy[index] = name;
        expect(fitted.styleId).toBe(styles[index]!.id);
        other.push(fitted);
      });
    await Promise.all([fitter('a', historyA, historyB), fitter('b', historyB, historyA)]);
    expect(fittedBy.every((name) => name === 'a' || name === 'b')).toBe(true);
    expect(new Set(fittedBy).size).toBe(2);
    // Each history holds both fitters' styles: its own and the ones handed over.
    expect(historyA.map((f) => f.styleId).sort()).toEqual(styles.map((s) => s.id).sort());
    expect(historyB.map((f) => f.styleId).sort()).toEqual(styles.map((s) => s.id).sort());
  });
});
