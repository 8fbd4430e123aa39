import { createRandom, dbToLinear, type TestSignal } from './signals.js';

/**
 * Material for the dynamics tests (macro-dynamics, pumping, attack-to-body), generated in code and
 * deterministic: an orchestral-like mix with a wide loudness range, a kick-driven mix with a
 * steady high tone, and a mix of percussive hits whose onsets the test knows.
 */

const SAMPLE_RATE = 44100;
const TWO_PI = 2 * Math.PI;

function interleave(left: Float32Array, right: Float32Array, peakDb: number): TestSignal {
  let peak = 0;
  for (let n = 0; n < left.length; n++) peak = Math.max(peak, Math.abs(left[n]!), Math.abs(right[n]!));
  const gain = peak > 0 ? dbToLinear(peakDb) / peak : 1;
  const data = new Float32Array(left.length * 2);
  for (let n = 0; n < left.length; n++) {
    data[n * 2] = left[n]! * gain;
    data[n * 2 + 1] = right[n]! * gain;
  }
  return { data, sampleRate: SAMPLE_RATE, channels: 2 };
}

/**
 * Orchestral-like: sustained chords of harmonic tones with vibrato (strings), brighter as they
 * grow louder (more upper harmonics in a tutti, as an orchestra sounds), a timpani roll under the
 * tutti, and passages from pianissimo to tutti with swells between them. About 15 LU of loudness
 * range (ffmpeg), peaks at `peakDb` in the tutti.
 */
export function orchestralMix(options: { seconds: number; seed?: number; peakDb?: number }): TestSignal {
  const random = createRandom(options.seed ?? 11);
  const frames = Math.round(options.seconds * SAMPLE_RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  // Passage levels (dB against the tutti), 6 s each, with 1.5 s swells between them.
  const levels = [-9, -4, -12, 0, -7, -13, -2, -11, -5, 0, -8, -14];
  const passage = 6 * SAMPLE_RATE;
  const swell = 1.5 * SAMPLE_RATE;
  const chords = [
    [130.81, 196, 261.63, 329.63],
    [146.83, 220, 293.66, 349.23],
    [110, 164.81, 220, 277.18],
    [98, 146.83, 196, 246.94],
  ];
  const pans = [0.25, 0.45, 0.6, 0.75];
  const phases = new Float64Array(16);
  let timpaniPhase = 0;
  for (let n = 0; n < frames; n++) {
    const p = Math.floor(n / passage);
    const within = n - p * passage;
    const here = levels[p % levels.length]!;
    const next = levels[(p + 1) % levels.length]!;
    const fade = within > passage - swell ? (within - (passage - swell)) / swell : 0;
    const levelDb = here + (next - here) * fade * fade * (3 - 2 * fade);
    const amp = dbToLinear(levelDb);
    // 0 (pianissimo) .. 1 (tutti): how many upper harmonics speak.
    const brightness = Math.max(0, Math.min(1, (levelDb + 14) / 14));
    const chord = chords[Math.floor(n / (3 * SAMPLE_RATE)) % chords.length]!;
    const t = n / SAMPLE_RATE;
    let l = 0;
    let r = 0;
    for (let k = 0; k < chord.length; k++) {
      const f = chord[k]! * (1 + 0.004 * Math.sin(TWO_PI * (5 + 0.3 * k) * t));
      const phase = (phases[k]! + (TWO_PI * f) / SAMPLE_RATE) % TWO_PI;
      phases[k] = phase;
      let v = 0;
      for (let h = 1; h <= 8; h++) v += (Math.sin(h * phase) / h) * (h <= 2 ? 1 : Math.pow(brightness, (h - 2) / 2));
      l += v * (1 - pans[k]!);
      r += v * pans[k]!;
    }
    // Bowing noise: a little breath in every passage.
    const air = 0.02 * (random() - random());
    l += air;
    r += air;
    // A timpani roll in the loud passages (strokes every 90 ms).
    if (levelDb > -4) {
      const stroke = (n % Math.round(0.09 * SAMPLE_RATE)) / SAMPLE_RATE;
      timpaniPhase += (TWO_PI * 87.3) / SAMPLE_RATE;
      const v = 0.8 * Math.exp(-stroke * 25) * Math.sin(timpaniPhase) * dbToLinear(levelDb + 10);
      l += v;
      r += v;
    }
    left[n] = 0.3 * amp * l;
    right[n] = 0.3 * amp * r;
  }
  return interleave(left, right, options.peakDb ?? -1);
}

/** The tone a kick-driven mix carries for the pumping test, Hz. */
export const PUMPING_TONE_HZ = 9000;

/**
 * Kick-driven: a kick every 500 ms (a decaying 150 -> 48 Hz sweep, the mix's peaks), a sub bass
 * under it, a quiet pad, and a steady sine at PUMPING_TONE_HZ at `toneDb` dBFS (the kick and
 * bass are normalised to peaks at `peakDb` first, the tone added after).
 */
export function kickDrivenMix(options: { seconds: number; toneDb?: number; peakDb?: number }): TestSignal {
  const frames = Math.round(options.seconds * SAMPLE_RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const kickEvery = Math.round(0.5 * SAMPLE_RATE);
  let phase = 0;
  for (let n = 0; n < frames; n++) {
    const i = n % kickEvery;
    const t = i / SAMPLE_RATE;
    if (i === 0) phase = 0;
    phase += (TWO_PI * (48 + 100 * Math.exp(-t * 25))) / SAMPLE_RATE;
    const kick = Math.min(1, t / 0.001) * Math.exp(-t * 7) * Math.sin(phase);
    const bass = 0.35 * Math.sin((TWO_PI * 41.2 * n) / SAMPLE_RATE) * (0.6 + 0.4 * Math.min(1, t / 0.12));
    const pad = 0.04 * (Math.sin((TWO_PI * 440 * n) / SAMPLE_RATE) + 0.7 * Math.sin((TWO_PI * 659.26 * n) / SAMPLE_RATE));
    left[n] = kick + bass + pad;
    right[n] = kick + bass + 0.9 * pad;
  }
  const signal = interleave(left, right, options.peakDb ?? -1);
  const tone = dbToLinear(options.toneDb ?? -30);
  for (let n = 0; n < frames; n++) {
    const v = tone * Math.sin((TWO_PI * PUMPING_TONE_HZ * n) / SAMPLE_RATE);
    signal.data[n * 2] = signal.data[n * 2]! + v;
    signal.data[n * 2 + 1] = signal.data[n * 2 + 1]! + v;
  }
  return signal;
}

/**
 * Percussive hits (toms and woodblock-like strikes: a 1 ms attack and an exponential decay on two
 * partials, so the tone move scales attack and body alike) every 250 ms, ±2 dB in level, over a
 * quiet pad. Returns the signal and every hit's onset frame.
 */
export function percussiveHits(options: { seconds: number; seed?: number; peakDb?: number }): { signal: TestSignal; onsets: number[] } {
  const random = createRandom(options.seed ?? 23);
  const frames = Math.round(options.seconds * SAMPLE_RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const every = Math.round(0.25 * SAMPLE_RATE);
  const voices = [
    { f: 180, g: 2.1, decay: 18 },
    { f: 320, g: 2.4, decay: 26 },
    { f: 650, g: 2.7, decay: 35 },
  ];
  const onsets: number[] = [];
  for (let start = every, hit = 0; start + every <= frames; start += every, hit++) {
    onsets.push(start);
    const voice = voices[hit % voices.length]!;
    const gain = dbToLinear(4 * random() - 2);
    const pan = 0.35 + 0.3 * random();
    for (let i = 0; i < every; i++) {
      const t = i / SAMPLE_RATE;
      const v = gain * Math.min(1, t / 0.001) * Math.exp(-t * voice.decay) * (Math.sin(TWO_PI * voice.f * t) + 0.5 * Math.sin(TWO_PI * voice.f * voice.g * t));
      left[start + i] = left[start + i]! + v * (1 - pan);
      right[start + i] = right[start + i]! + v * pan;
    }
  }
  for (let n = 0; n < frames; n++) {
    const pad = 0.08 * Math.sin((TWO_PI * 261.63 * n) / SAMPLE_RATE) + 0.06 * Math.sin((TWO_PI * 392 * n) / SAMPLE_RATE);
    left[n] = left[n]! + pad;
    right[n] = right[n]! + pad;
  }
  return { signal: interleave(left, right, options.peakDb ?? -1), onsets };
}
