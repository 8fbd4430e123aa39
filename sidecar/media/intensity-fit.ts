import { prepareTrack, type FittedStyle, type Preparation, type PreparationProgress, type WorkFile } from '../engine/index.js';
import { HIGH_OVER_MEDIUM_LU, lowTargetLufs } from '../engine/steered-master.js';
import { styleAtIntensity, styleWithTarget } from '../engine/steer.js';
import type { EngineStyle } from '../engine/style.js';

export type SteeredIntensity = 'low' | 'high';

/**
 * A preparation with every style fitted at all three intensities: Medium in `styles` (as before),
 * Low and High in `intensities`, so switching intensity while playing is as quick as switching
 * styles. The steering is the engine's (steer.ts, and the choices fitAtIntensity makes), batched
 * over the styles: one pass fits Medium and both High candidates, a second fits Low aimed from
 * what Medium reached on this track.
 */
export type IntensityPreparation = Preparation & { intensities: Record<SteeredIntensity, Preparation['styles']> };

/** Share of the progress bar the first pass (3 fits per style) takes; the second fits one per style. */
const FIRST_PASS_SHARE = 0.75;

export async function prepareAtIntensities(workFile: WorkFile, styles: EngineStyle[], onProgress: (progress: PreparationProgress) => void = () => {}): Promise<IntensityPreparation> {
  const scaled = (from: number, share: number) => (progress: PreparationProgress) =>
    onProgress({ ...progress, progressInPercent: Math.floor(from + (progress.progressInPercent * share)) });
  const highStrong = styles.map((style) => styleAtIntensity(style, 'high'));
  const highOwnTone = styles.map((style) => styleAtIntensity(style, 'high', { toneMove: 1 }));
  const first = await prepareTrack(workFile, [...styles, ...highStrong, ...highOwnTone], scaled(0, FIRST_PASS_SHARE));
  const n = styles.length;
  const medium = first.styles.slice(0, n);
  const high = styles.map((_, i) => pickHigh(medium[i]!, first.styles[n + i]!, first.styles[2 * n + i]!));
  const low = styles.map((style, i) => {
    const steered = styleAtIntensity(style, 'low');
    return styleWithTarget(steered, lowTargetLufs(steered.processing.targetLufs, medium[i]!));
  });
  const second = n > 0 ? await prepareTrack(workFile, low, scaled(100 * FIRST_PASS_SHARE, 1 - FIRST_PASS_SHARE)) : { styles: [], seconds: 0 };
  return { ...first, styles: medium, seconds: first.seconds + second.seconds, intensities: { low: second.styles, high } };
}

/**
 * High as fitAtIntensity chooses it: the stronger tone move where it stays HIGH_OVER_MEDIUM_LU louder
 * than Medium, else the style's own move with the higher target and budget (the louder of the two
 * when neither is).
 */
function pickHigh<T extends FittedStyle>(medium: FittedStyle, strong: T, ownTone: T): T {
  if (strong.effectiveTargetLufs >= medium.effectiveTargetLufs + HIGH_OVER_MEDIUM_LU) return strong;
  if (ownTone.effectiveTargetLufs >= medium.effectiveTargetLufs + HIGH_OVER_MEDIUM_LU) return ownTone;
  return ownTone.effectiveTargetLufs > strong.effectiveTargetLufs ? ownTone : strong;
}
