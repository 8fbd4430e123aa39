import { readFileSync, rmSync } from 'node:fs';
import { ebur128Args } from '../../ffmpeg/ffmpeg-args.js';
import { parseEbur128Summary, runFfmpeg } from '../../ffmpeg/ffmpeg-run.js';

/**
 * Meters that are not the engine's (every target is measured independently): ffmpeg's
 * ebur128 for loudness, loudness range, true peak and momentary loudness, and a plain FFT written
 * here for spectra, band levels and correlation. Nothing in this file imports the engine.
 */

export interface FfmpegLoudness {
  integratedLufs: number;
  lra: number;
  truePeakDbtp: number;
}

/**
 * ffmpeg's integrated loudness (three decimals: the running value per frame, last one), LRA and
 * true peak (its summary) of a file.
 */
export async function ffmpegLoudness(file: string): Promise<FfmpegLoudness> {
  const log = `${file}.r128.txt`;
  await runFfmpeg(['-hide_banner', '-nostats', '-i', file, '-af', `ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=${log}`, '-f', 'null', '-']);
  const values = [...readFileSync(log, 'utf8').matchAll(/lavfi\.r128\.I=(-?[\d.]+|-inf)/g)];
  rmSync(log, { force: true });
  const summary = parseEbur128Summary((await runFfmpeg(ebur128Args(file))).stderrTail);
  const last = values.at(-1)?.[1];
  return { integratedLufs: last === undefined || last === '-inf' ? -Infinity : Number(last), lra: summary.lra, truePeakDbtp: summary.truePeakDbtp };
}

/** ffmpeg's momentary loudness (400 ms window) every 100 ms, LUFS. */
export async function ffmpegMomentary(file: string): Promise<number[]> {
  const log = `${file}.m.txt`;
  await runFfmpeg(['-hide_banner', '-nostats', '-i', file, '-af', `asetnsamples=n=4410:p=0,ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.M:file=${log}`, '-f', 'null', '-']);
  const values = [...readFileSync(log, 'utf8').matchAll(/lavfi\.r128\.M=(-?[\d.]+|-inf)/g)].map((m) => (m[1] === '-inf' ? -Infinity : Number(m[1])));
  rmSync(log, { force: true });
  return values;
}

/**
 * Gain riding: the mean change, per 100 ms step, of output-minus-input momentary loudness, dB.
 * Steps where either side is under -50 LUFS (near silence) or in the first second are left out.
 */
export function gainRiding(input: number[], output: number[]): number {
  const n = Math.min(input.length, output.length);
  let sum = 0;
  let count = 0;
  for (let k = 11; k < n; k++) {
    const ok = [input[k]!, output[k]!, input[k - 1]!, output[k - 1]!].every((v) => Number.isFinite(v) && v > -50);
    if (!ok) continue;
    sum += Math.abs(output[k]! - input[k]! - (output[k - 1]! - input[k - 1]!));
    count++;
  }
  return count > 0 ? sum / count : 0;
}

/**
 * Radix-2 FFT in place, by Stockham's self-sorting scheme (decimation in frequency, ping-ponging
 * between two buffers): a different algorithm from the engine's bit-reversing Cooley-Tukey, so the
 * tests' spectra do not share its mistakes.
 */
export function fftInPlace(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  let [fromRe, fromIm, toRe, toIm]: [Float64Array, Float64Array, Float64Array, Float64Array] = [re, im, new Float64Array(n), new Float64Array(n)];
  for (let span = n, stride = 1; span > 1; span >>= 1, stride <<= 1) {
    const half = span >> 1;
    for (let p = 0; p < half; p++) {
      const wr = Math.cos((-2 * Math.PI * p) / span);
      const wi = Math.sin((-2 * Math.PI * p) / span);
      for (let q = 0; q < stride; q++) {
        const a = q + stride * p;
        const b = a + stride * half;
        const sumAt = q + stride * 2 * p;
        const diffRe = fromRe[a]! - fromRe[b]!;
        const diffIm = fromIm[a]! - fromIm[b]!;
        toRe[sumAt] = fromRe[a]! + fromRe[b]!;
        toIm[sumAt] = fromIm[a]! + fromIm[b]!;
        toRe[sumAt + stride] = diffRe * wr - diffIm * wi;
        toIm[sumAt + stride] = diffRe * wi + diffIm * wr;
      }
    }
    [fromRe, fromIm, toRe, toIm] = [toRe, toIm, fromRe, fromIm];
  }
  if (fromRe !== re) {
    re.set(fromRe);
    im.set(fromIm);
  }
}

/** One channel of interleaved samples. */
export function channelOf(data: Float32Array, channels: number, channel: number): Float64Array {
  const out = new Float64Array(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels + channel]!;
  return out;
}

/**
 * Power spectrum of one channel (Welch: Hann windows of `size`, half overlap, averaged), one value
 * per bin up to Nyquist.
 */
export function powerSpectrum(samples: Float64Array, size = 8192): Float64Array {
  const power = new Float64Array(size / 2);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  let frames = 0;
  for (let start = 0; start + size <= samples.length; start += size / 2) {
    for (let i = 0; i < size; i++) {
      re[i] = samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
      im[i] = 0;
    }
    fftInPlace(re, im);
    for (let k = 0; k < size / 2; k++) power[k] = power[k]! + re[k]! * re[k]! + im[k]! * im[k]!;
    frames++;
  }
  for (let k = 0; k < power.length; k++) power[k] = power[k]! / Math.max(1, frames);
  return power;
}

/** Power of the bins in [lowHz, highHz) of a power spectrum at `sampleRate` (DC left out). */
export function bandPower(power: Float64Array, sampleRate: number, lowHz: number, highHz: number): number {
  const binHz = sampleRate / (2 * power.length);
  let band = 0;
  for (let k = 1; k < power.length; k++) {
    const f = k * binHz;
    if (f >= lowHz && f < highHz) band += power[k]!;
  }
  return band;
}

/** A band's share of the total power, dB, from a power spectrum at `sampleRate`. */
export function bandShareDb(power: Float64Array, sampleRate: number, lowHz: number, highHz: number): number {
  const binHz = sampleRate / (2 * power.length);
  let band = 0;
  let total = 0;
  for (let k = 1; k < power.length; k++) {
    total += power[k]!;
    const f = k * binHz;
    if (f >= lowHz && f < highHz) band += power[k]!;
  }
  return 10 * Math.log10(band / total);
}

/**
 * Single-frame spectrum with a 4-term Blackman-Harris window (side lobes under -92 dB), as
 * magnitude in dB per bin; for line measurements (distortion, aliasing, intermodulation).
 */
export function lineSpectrumDb(samples: Float64Array, size: number, offset = 0): Float64Array {
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const a = [0.35875, 0.48829, 0.14128, 0.01168];
  for (let i = 0; i < size; i++) {
    const x = (2 * Math.PI * i) / (size - 1);
    const w = a[0]! - a[1]! * Math.cos(x) + a[2]! * Math.cos(2 * x) - a[3]! * Math.cos(3 * x);
    re[i] = samples[offset + i]! * w;
  }
  fftInPlace(re, im);
  const out = new Float64Array(size / 2);
  for (let k = 0; k < size / 2; k++) out[k] = 10 * Math.log10(re[k]! * re[k]! + im[k]! * im[k]! + 1e-300);
  return out;
}

/** Pearson correlation of two channels. */
export function correlation(left: Float64Array, right: Float64Array): number {
  let lr = 0;
  let ll = 0;
  let rr = 0;
  for (let i = 0; i < left.length; i++) {
    lr += left[i]! * right[i]!;
    ll += left[i]! * left[i]!;
    rr += right[i]! * right[i]!;
  }
  return lr / Math.sqrt(ll * rr);
}
