import type { TDemo } from '../../../../../src/modules/demos/demos.schemas.js';
import type { DemoExcerpt } from '../components/demo-item.js';

/**
 * The part of a demo to play as its before/after: the `lengthS` seconds with the highest mean peak.
 * The loudest, densest passage (usually a chorus) is where a style's tone, compression and limiting
 * are heard most; an intro or a fade says little about them. Without peaks, a third of the way in
 * is the best guess past the intro.
 */
export function excerptOf(demo: Pick<TDemo, 'peaks' | 'durationS'>, lengthS: number): DemoExcerpt {
  const { peaks, durationS } = demo;
  if (durationS <= lengthS) return { fromS: 0, lengthS: durationS };
  const latest = durationS - lengthS;
  if (peaks.length === 0) return { fromS: Math.min(durationS * 0.3, latest), lengthS };
  const secondsPerBin = durationS / peaks.length;
  const width = Math.max(1, Math.min(peaks.length, Math.round(lengthS / secondsPerBin)));
  let sum = peaks.slice(0, width).reduce((total, peak) => total + peak, 0);
  let best = { sum, start: 0 };
  for (let start = 1; start + width <= peaks.length; start++) {
    sum += peaks[start + width - 1]! - peaks[start - 1]!;
    if (sum > best.sum) best = { sum, start };
  }
  return { fromS: Math.min(Math.round(best.start * secondsPerBin), latest), lengthS };
}
