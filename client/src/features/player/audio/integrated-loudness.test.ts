import { describe, expect, it } from 'vitest';
import { integratedLoudness } from './integrated-loudness.js';

const SR = 44100;

/** A sine of `hz` at a peak of `dbfs`, `seconds` long, with `silentSeconds` of silence after it. */
function sine(hz: number, dbfs: number, seconds: number, silentSeconds = 0): Float32Array {
  const samples = new Float32Array(Math.round((seconds + silentSeconds) * SR));
  const amplitude = Math.pow(10, dbfs / 20);
  for (let i = 0; i < seconds * SR; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / SR);
  return samples;
}

describe('integrated loudness (BS.1770-4)', () => {
  it('when a 1 kHz sine at -23 dBFS plays on both channels, then it measures -23 LUFS (EBU Tech 3341, case 1), and on one channel 3 dB less', () => {
    const tone = sine(1000, -23, 20);
    expect(integratedLoudness([tone, tone], SR)).toBeCloseTo(-23, 1);
    expect(integratedLoudness([tone], SR)).toBeCloseTo(-26.01, 1);
  });

  it('when a loud passage is followed by a much quieter one and by silence, then the gates leave the quiet part and the silence out', () => {
    const loud = sine(1000, -20, 10);
    const quiet = sine(1000, -60, 10);
    const both = new Float32Array(loud.length + quiet.length + 10 * SR);
    both.set(loud);
    both.set(quiet, loud.length);
    // Only the few blocks across the step from loud to quiet pull it down, by a few hundredths.
    expect(Math.abs(integratedLoudness([both, both], SR)! - integratedLoudness([loud, loud], SR)!)).toBeLessThan(0.15);
  });

  it('when the low end is below the high-pass of the K-weighting, then it counts far less than the same level at 1 kHz', () => {
    const low = sine(20, -20, 10);
    const mid = sine(1000, -20, 10);
    expect(integratedLoudness([mid, mid], SR)! - integratedLoudness([low, low], SR)!).toBeGreaterThan(10);
  });

  it('when there is only silence or too little audio for one block, then there is no loudness', () => {
    expect(integratedLoudness([new Float32Array(5 * SR)], SR)).toBeNull();
    expect(integratedLoudness([sine(1000, -10, 0.3)], SR)).toBeNull();
  });
});
