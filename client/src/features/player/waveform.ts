/** Waveform bars 2 px wide at 3.5 px spacing, drawn from the peaks of the stream meta (WAVEFORM_POINTS of the audio core). */
export const BAR_WIDTH = 2;
export const BAR_SPACING = 3.5;
/** A silent passage still shows a hairline, so the track's length stays visible. */
export const MIN_BAR_HEIGHT = 1;

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the bar sits in the track, 0..1 (its left edge): for colouring the played part. */
  at: number;
}

/**
 * Bars for a canvas `width` x `height` px: one every 3.5 px that fits whole; each takes the largest
 * peak of the points it covers (so a short transient is never lost), centred vertically.
 */
export function waveformBars(peaks: readonly number[], width: number, height: number): Bar[] {
  if (peaks.length === 0 || width < BAR_WIDTH || height <= 0) return [];
  const count = Math.floor((width - BAR_WIDTH) / BAR_SPACING) + 1;
  const bars: Bar[] = [];
  for (let i = 0; i < count; i++) {
    const x = i * BAR_SPACING;
    const from = Math.floor((i / count) * peaks.length);
    const to = Math.max(from + 1, Math.floor(((i + 1) / count) * peaks.length));
    let peak = 0;
    for (let p = from; p < to && p < peaks.length; p++) peak = Math.max(peak, Math.abs(peaks[p] ?? 0));
    const barHeight = Math.max(MIN_BAR_HEIGHT, Math.min(1, peak) * height);
    bars.push({ x, y: (height - barHeight) / 2, width: BAR_WIDTH, height: barHeight, at: x / width });
  }
  return bars;
}
