import { createRandom } from '../random.js';

/**
 * Deterministic test signals for the engine's tests and benchmarks (interleaved float samples).
 * Every random choice comes from a seeded PRNG, so a signal is the same on every run.
 */
export interface TestSignal {
  data: Float32Array;
  sampleRate: number;
  channels: number;
}

/** The engine's seedable PRNG (mulberry32), so test signals and dither draw from one generator. */
export { createRandom };

export const dbToLinear = (db: number) => Math.pow(10, db / 20);

/** A generated signal's length and format (rate and channel count: the generator's defaults where not given). */
export interface SignalFormat {
  seconds: number;
  sampleRate?: number;
  channels?: number;
}

export interface SineOptions extends SignalFormat {
  frequency: number;
  /** Peak amplitude in dBFS. */
  amplitudeDb: number;
  /** Start phase, radians. */
  phase?: number;
}

export function sine(options: SineOptions): TestSignal {
  const sampleRate = options.sampleRate ?? 48000;
  const channels = options.channels ?? 2;
  const frames = Math.round(options.seconds * sampleRate);
  const data = new Float32Array(frames * channels);
  const amplitude = dbToLinear(options.amplitudeDb);
  const w = (2 * Math.PI * options.frequency) / sampleRate;
  const phase = options.phase ?? 0;
  for (let n = 0; n < frames; n++) {
    const v = amplitude * Math.sin(w * n + phase);
    for (let ch = 0; ch < channels; ch++) data[n * channels + ch] = v;
  }
  return { data, sampleRate, channels };
}

/** Concatenates signals of the same rate and channel count. */
export function concat(...parts: TestSignal[]): TestSignal {
  const first = parts[0]!;
  const data = new Float32Array(parts.reduce((sum, part) => sum + part.data.length, 0));
  let offset = 0;
  for (const part of parts) {
    data.set(part.data, offset);
    offset += part.data.length;
  }
  return { data, sampleRate: first.sampleRate, channels: first.channels };
}

export function silence(seconds: number, sampleRate = 44100, channels = 2): TestSignal {
  return { data: new Float32Array(Math.round(seconds * sampleRate) * channels), sampleRate, channels };
}

/** White noise, uniform, with the given peak in dBFS; independent channels. */
export function noise(seconds: number, amplitudeDb: number, seed = 1, sampleRate = 44100, channels = 2): TestSignal {
  const random = createRandom(seed);
  const data = new Float32Array(Math.round(seconds * sampleRate) * channels);
  const amplitude = dbToLinear(amplitudeDb);
  for (let i = 0; i < data.length; i++) data[i] = amplitude * (2 * random() - 1);
  return { data, sampleRate, channels };
}

/** A signal hard-clipped at `clipDb` (a "brickwalled" upload with flat tops). */
export function clipped(signal: TestSignal, clipDb = -0.1): TestSignal {
  const limit = dbToLinear(clipDb);
  const data = signal.data.map((x) => Math.max(-limit, Math.min(limit, x)));
  return { ...signal, data };
}

/** Scales a signal so its sample peak is `peakDb` dBFS. */
export function normalizePeak(signal: TestSignal, peakDb: number): TestSignal {
  let peak = 0;
  for (const x of signal.data) peak = Math.max(peak, Math.abs(x));
  const gain = peak > 0 ? dbToLinear(peakDb) / peak : 1;
  return { ...signal, data: signal.data.map((x) => x * gain) };
}

/** Keeps the first channel only. */
export function toMono(signal: TestSignal): TestSignal {
  const frames = signal.data.length / signal.channels;
  const data = new Float32Array(frames);
  for (let n = 0; n < frames; n++) data[n] = signal.data[n * signal.channels]!;
  return { data, sampleRate: signal.sampleRate, channels: 1 };
}

export interface MusicOptions extends SignalFormat {
  seed?: number;
  /** Sample peak of the result, dBFS. */
  peakDb?: number;
  tempoBpm?: number;
  /** Level of the hi-hats relative to the default mix, dB (positive: hi-hat-heavy material). */
  hiHatDb?: number;
}

/**
 * Music-like material: a chord of enveloped sines (changing every bar, panned), a bass line of low
 * sines, kick drums (decaying low sine sweep), snares (decaying noise), hi-hat noise bursts, and a
 * quieter "verse" and louder "chorus" every 8 bars so the loudness moves like a song.
 */
export function musicLike(options: MusicOptions): TestSignal {
  const sampleRate = options.sampleRate ?? 44100;
  const channels = options.channels ?? 2;
  const random = createRandom(options.seed ?? 7);
  const frames = Math.round(options.seconds * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  const beat = 60 / (options.tempoBpm ?? 120);
  const hiHat = dbToLinear(options.hiHatDb ?? 0);
  const beatFrames = Math.round(beat * sampleRate);
  const barFrames = beatFrames * 4;
  const chords = [
    [220, 277.18, 329.63, 440],
    [196, 246.94, 293.66, 392],
    [174.61, 220, 261.63, 349.23],
    [164.81, 207.65, 246.94, 329.63],
  ];
  const bassNotes = [55, 49, 43.65, 41.2];
  const twoPi = 2 * Math.PI;
  // Chords and bass: per bar, attack-decay-sustain envelopes, a little detune between channels.
  for (let bar = 0; bar * barFrames < frames; bar++) {
    const start = bar * barFrames;
    const end = Math.min(frames, start + barFrames);
    const section = Math.floor(bar / 8) % 2 === 0 ? 0.7 : 1.0;
    const chord = chords[bar % chords.length]!;
    const bass = bassNotes[bar % bassNotes.length]!;
    const pans = chord.map(() => 0.2 + 0.6 * random());
    for (let n = start; n < end; n++) {
      const t = (n - start) / sampleRate;
      const env = section * Math.min(1, t / 0.02) * (0.55 + 0.45 * Math.exp(-t * 3));
      let l = 0;
      let r = 0;
      for (let k = 0; k < chord.length; k++) {
        const f = chord[k]!;
        const v = Math.sin(twoPi * f * (n / sampleRate)) + 0.3 * Math.sin(twoPi * 2 * f * (n / sampleRate)) + 0.12 * Math.sin(twoPi * 3.01 * f * (n / sampleRate));
        const pan = pans[k]!;
        l += v * (1 - pan);
        r += v * pan;
      }
      const beatT = ((n - start) % beatFrames) / sampleRate;
      const b = 0.9 * section * Math.min(1, beatT / 0.005) * Math.exp(-beatT * 2.5) * Math.sin(twoPi * bass * (n / sampleRate));
      left[n] = left[n]! + 0.16 * env * l + b * 0.5;
      right[n] = right[n]! + 0.16 * env * r + b * 0.5;
    }
  }
  // Drums: kick on beats 1 and 3, snare on 2 and 4, hi-hats on eighths.
  const eighth = Math.round(beatFrames / 2);
  for (let hit = 0; hit * eighth < frames; hit++) {
    const start = hit * eighth;
    const bar = Math.floor(start / barFrames);
    const section = Math.floor(bar / 8) % 2 === 0 ? 0.7 : 1.0;
    const isKick = hit % 4 === 0;
    const isSnare = hit % 4 === 2;
    const length = Math.min(frames - start, Math.round(0.35 * sampleRate));
    let phase = 0;
    const hatGain = (0.12 + 0.06 * random()) * hiHat;
    const hatPan = 0.3 + 0.4 * random();
    for (let i = 0; i < length; i++) {
      const t = i / sampleRate;
      const n = start + i;
      let l = 0;
      let r = 0;
      if (isKick) {
        const f = 45 + 80 * Math.exp(-t * 30);
        phase += (twoPi * f) / sampleRate;
        const v = 0.6 * Math.exp(-t * 9) * Math.sin(phase) + 0.15 * Math.exp(-t * 200) * (2 * random() - 1);
        l += v;
        r += v;
      }
      if (isSnare) {
        const v = 0.35 * Math.exp(-t * 18) * (2 * random() - 1) + 0.2 * Math.exp(-t * 25) * Math.sin(twoPi * 190 * t);
        l += v;
        r += v * 0.9;
      }
      if (t < 0.06) {
        // hi-hat: differenced noise (a crude high-pass) with a fast decay
        const v = hatGain * Math.exp(-t * 70) * (random() - random());
        l += v * (1 - hatPan);
        r += v * hatPan;
      }
      left[n] = left[n]! + section * l;
      right[n] = right[n]! + section * r;
    }
  }
  const peakDb = options.peakDb ?? -3;
  let peak = 0;
  for (let n = 0; n < frames; n++) peak = Math.max(peak, Math.abs(left[n]!), Math.abs(right[n]!));
  const gain = peak > 0 ? dbToLinear(peakDb) / peak : 1;
  const data = new Float32Array(frames * channels);
  for (let n = 0; n < frames; n++) {
    if (channels === 1) data[n] = ((left[n]! + right[n]!) / 2) * gain;
    else {
      data[n * channels] = left[n]! * gain;
      data[n * channels + 1] = right[n]! * gain;
    }
  }
  return { data, sampleRate, channels };
}

/**
 * The music-like signal with its bass brought down to a real mix's share (about -5 dB of the
 * whole; the generated one has 85 % of its power under 150 Hz, where no band move shows).
 */
export function balancedMix(signal: TestSignal): TestSignal {
  const a = Math.exp((-2 * Math.PI * 200) / signal.sampleRate);
  const data = new Float32Array(signal.data.length);
  for (let ch = 0; ch < signal.channels; ch++) {
    let previousIn = 0;
    let previousOut = 0;
    for (let n = ch; n < data.length; n += signal.channels) {
      const x = signal.data[n]!;
      const highPassed = a * (previousOut + x - previousIn);
      previousIn = x;
      previousOut = highPassed;
      data[n] = 0.15 * x + 0.85 * highPassed;
    }
  }
  return { ...signal, data };
}

/**
 * A stereo signal with a decorrelated layer of `amount` added: two independent, gently low-passed
 * noises, so left and right differ as in a wide mix; `bassSide` adds a 50 Hz tone in opposite
 * phase, side content in the bass that a width move must not spread.
 */
export function withDecorrelatedLayer(music: TestSignal, options: { amount: number; seed: number; bassSide?: number }): TestSignal {
  const random = createRandom(options.seed);
  const bassSideAmplitude = options.bassSide ?? 0;
  const frames = music.data.length / 2;
  const data = new Float32Array(music.data.length);
  let a = 0;
  let b = 0;
  for (let n = 0; n < frames; n++) {
    a += 0.3 * (2 * random() - 1 - a);
    b += 0.3 * (2 * random() - 1 - b);
    const bassSide = bassSideAmplitude * Math.sin((2 * Math.PI * 50 * n) / music.sampleRate);
    data[2 * n] = music.data[2 * n]! + options.amount * a + bassSide;
    data[2 * n + 1] = music.data[2 * n + 1]! + options.amount * b - bassSide;
  }
  return { data, sampleRate: music.sampleRate, channels: 2 };
}

/** A one-pole low-pass at `cornerHz`: a dull mix (6 dB/octave down above the corner). */
export function dull(signal: TestSignal, cornerHz: number): TestSignal {
  const a = Math.exp((-2 * Math.PI * cornerHz) / signal.sampleRate);
  const data = new Float32Array(signal.data.length);
  for (let ch = 0; ch < signal.channels; ch++) {
    let state = 0;
    for (let i = ch; i < data.length; i += signal.channels) {
      state = (1 - a) * signal.data[i]! + a * state;
      data[i] = state;
    }
  }
  return { ...signal, data };
}

/** A bright mix: the signal plus `db` of its first difference (a rising tilt toward the highs). */
export function bright(signal: TestSignal, db: number): TestSignal {
  const k = dbToLinear(db);
  const data = new Float32Array(signal.data.length);
  const c = signal.channels;
  for (let i = 0; i < data.length; i++) data[i] = signal.data[i]! + k * (signal.data[i]! - (i >= c ? signal.data[i - c]! : 0));
  return { ...signal, data };
}
