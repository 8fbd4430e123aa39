import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeToWorkFile, prepareTrack, refitStyles, type DecodedWorkFile, type Preparation } from './index.js';
import { styleAtIntensity } from './steer.js';
import { fitSteered } from './steered-master.js';
import { seededStyle } from './testing/seed-styles.js';
import { musicLike } from './testing/signals.js';
import { testFolder } from './testing/test-folder.js';
import { writeWavFile } from './testing/wav-writer.js';

/**
 * Fits made after the preparation from what it kept (the analysis and the excerpt's place) are the
 * fits the preparation would have made: the same inputs, the same excerpt, the same result.
 */
const dir = testFolder('refit-');

const style = seededStyle('Bright');
let workFile: DecodedWorkFile;
let preparation: Preparation;

beforeAll(async () => {
  // Over 20 s, so the excerpt is sampled from the track, not the whole of it.
  const input = path.join(dir, 'mix.wav');
  writeWavFile(input, musicLike({ seconds: 24, seed: 31, peakDb: -3 }), { format: 'pcm24' });
  workFile = await decodeToWorkFile(input, path.join(dir, 'mix.f32'));
  preparation = await prepareTrack(workFile, [style]);
}, 60_000);

describe('fitting from the kept analysis', () => {
  it('when a prepared style is fitted again from what the preparation kept, then its chain is the one the preparation fitted', () => {
    expect(preparation.excerpt.length).toBeGreaterThan(1);
    const [again] = refitStyles(workFile, JSON.parse(JSON.stringify(preparation)) as Preparation, [style]);
    expect(again!.chain).toEqual(preparation.styles[0]!.chain);
    expect(again!.effectiveTargetLufs).toBe(preparation.styles[0]!.effectiveTargetLufs);
  });

  it('when a steered style is fitted from the kept analysis, then it is the fit a preparation of that style makes, and the intensities stay in order', async () => {
    const high = styleAtIntensity(style, 'high');
    const [refitted] = refitStyles(workFile, preparation, [high]);
    const alone = await prepareTrack(workFile, [high]);
    expect(refitted!.chain).toEqual(alone.styles[0]!.chain);
    const medium = preparation.styles[0]!;
    expect(fitSteered(workFile, preparation, style, medium, 'high').fitted.effectiveTargetLufs).toBeGreaterThan(medium.effectiveTargetLufs);
    expect(fitSteered(workFile, preparation, style, medium, 'low').fitted.effectiveTargetLufs).toBeLessThan(medium.effectiveTargetLufs);
  });
});
