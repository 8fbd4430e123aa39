import { WAVEFORM_POINTS } from './constants.js';

/**
 * The waveform the player draws: the peak magnitude (0..1, over all channels) in each of `points`
 * equal slices of a track of `totalFrames` frames. Fed blocks of interleaved samples, each with the
 * frame it starts at, so a long file never sits in memory at once and channels held apart can be fed
 * one after the other (as one channel each). Frames past `totalFrames` count in the last slice.
 */
export class PeakWaveform {
  private readonly peaks: Float32Array;

  constructor(
    private readonly totalFrames: number,
    points = WAVEFORM_POINTS,
  ) {
    this.peaks = new Float32Array(points);
  }

  add(samples: Float32Array, channels: number, start: number, count: number): void {
    const points = this.peaks.length;
    const total = Math.max(1, this.totalFrames);
    const end = start + count;
    let frame = start;
    // One slice at a time: its frames are read in one run, without a division per frame.
    while (frame < end) {
      const point = Math.min(points - 1, Math.floor((frame * points) / total));
      const pointEnd = Math.max(frame + 1, Math.min(end, Math.ceil(((point + 1) * total) / points)));
      let peak = this.peaks[point]!;
      for (let i = (frame - start) * channels, last = (pointEnd - start) * channels; i < last; i++) {
        const a = Math.abs(samples[i]!);
        if (a > peak) peak = a;
      }
      this.peaks[point] = peak;
      frame = pointEnd;
    }
  }

  /** The slices' peaks, clipped to 1 and rounded to four decimals; none for a track without frames. */
  result(): number[] {
    if (this.totalFrames === 0) return [];
    return Array.from(this.peaks, (peak) => Math.round(Math.min(1, peak) * 10000) / 10000);
  }
}
