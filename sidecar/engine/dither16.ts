import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { parseWavHeader, wavHeader } from '../../src/audio-core/wav-header.js';
import { SAMPLE_RATE } from '../../src/audio-core/constants.js';
import { resampleWav24Args } from '../ffmpeg/ffmpeg-args.js';
import { runFfmpeg } from '../ffmpeg/ffmpeg-run.js';
import { createRandom } from './random.js';

/**
 * The 16-bit deliverable of a 24-bit master: TPDF dither (two uniform values, ±1 LSB peak) with
 * noise shaping, muted on digital silence.
 *
 * Noise shaping: the quantisation error is fed back through the 3-tap filter of Wannamaker's
 * "modified E-weighted" shaper for 44.1 kHz (R. A. Wannamaker, "Psychoacoustically Optimal Noise
 * Shaping", JAES 40(7/8), 1992: 1.623, -0.982, 0.109), which moves the noise from the 1-5 kHz region
 * where the ear is most sensitive to above 15 kHz. Muting, with a hold: a run of frames whose
 * 24-bit samples are all exactly zero, at least GATE_HOLD_FRAMES long, is written as zero and the
 * shaper's memory is cleared, so digital silence in the master stays digital silence in the
 * download (no dither hiss in the gaps and the tail). A shorter run (the last samples of a fade,
 * a zero crossing of a quiet passage) is dithered like the music around it, so the gate does not
 * chatter sample by sample at the end of a fade.
 */
const SHAPER = [1.623, -0.982, 0.109] as const;
const FULL_SCALE_16 = 32768;
const BLOCK_FRAMES = 16384;
/** Shortest run of digital silence the gate mutes: about 23 ms at 44.1 kHz. */
export const GATE_HOLD_FRAMES = 1024;

interface PcmLayout {
  channels: number;
  sampleRate: number;
  bits: number;
  dataOffset: number;
  dataBytes: number;
}

/** fmt and data chunks of a PCM WAV (RIFF; the masters the engine writes), read by the audio core's one parser. */
function layoutOf(fd: number): PcmLayout {
  const head = Buffer.alloc(4096);
  const read = readSync(fd, head, 0, head.length, 0);
  const parsed = parseWavHeader(head.subarray(0, read));
  if (parsed.status !== 'ok') throw new Error(`not a PCM WAV master (${parsed.status === 'incomplete' ? 'no data chunk' : parsed.reason})`);
  const { channels, sampleRate, bitsPerSample: bits, dataOffset, dataBytes } = parsed.format;
  return { channels, sampleRate, bits, dataOffset, dataBytes };
}

function readFrames(fd: number, into: Buffer, position: number, length: number): void {
  for (let done = 0; done < length; ) {
    const got = readSync(fd, into, done, length - done, position + done);
    if (got === 0) throw new Error('master ended early');
    done += got;
  }
}

/**
 * ahead[f]: how many frames from f on (f included) are digitally silent in a row, up to the
 * `readable` frames read; past them, the track's end counts as `tail` more silent frames.
 */
function silentRunsAhead(bytes: Buffer, channels: number, readable: number, tail: number, ahead: Int32Array): void {
  ahead[readable] = tail;
  for (let f = readable - 1; f >= 0; f--) {
    let silent = true;
    for (let i = f * channels * 3, end = i + channels * 3; i < end; i++) {
      if (bytes[i] !== 0) {
        silent = false;
        break;
      }
    }
    ahead[f] = silent ? Math.min(GATE_HOLD_FRAMES, ahead[f + 1]! + 1) : 0;
  }
}

/** Writes `outPath`, the dithered, noise-shaped 16-bit copy of the 24-bit WAV `masterPath`. Deterministic (seeded dither). */
export function writeDithered16(masterPath: string, outPath: string): { frames: number } {
  const input = openSync(masterPath, 'r');
  let output: number | null = null;
  try {
    const layout = layoutOf(input);
    if (layout.bits !== 24 || layout.channels < 1) throw new Error(`expected 24-bit PCM, got ${layout.bits}-bit`);
    const channels = layout.channels;
    const frames = Math.floor(layout.dataBytes / (3 * channels));
    output = openSync(outPath, 'w');
    writeSync(output, wavHeader({ sampleRate: layout.sampleRate, channels, format: 'pcm16', frames }));
    const random = createRandom(0x16b17);
    // Per channel: the last three shaped errors (e[n-1], e[n-2], e[n-3]).
    const errors = new Float64Array(channels * 3);
    // Each block is read with GATE_HOLD_FRAMES more, so a run of silence is known to be long enough
    // before its first frame is written.
    const inBytes = Buffer.alloc((BLOCK_FRAMES + GATE_HOLD_FRAMES) * channels * 3);
    const outBytes = Buffer.alloc(BLOCK_FRAMES * channels * 2);
    const ahead = new Int32Array(BLOCK_FRAMES + GATE_HOLD_FRAMES + 1);
    let behind = 0;
    for (let start = 0; start < frames; start += BLOCK_FRAMES) {
      const count = Math.min(BLOCK_FRAMES, frames - start);
      const readable = Math.min(BLOCK_FRAMES + GATE_HOLD_FRAMES, frames - start);
      readFrames(input, inBytes, layout.dataOffset + start * channels * 3, readable * channels * 3);
      silentRunsAhead(inBytes, channels, readable, frames - start > readable ? 0 : GATE_HOLD_FRAMES, ahead);
      for (let f = 0; f < count; f++) {
        behind = ahead[f]! > 0 ? behind + 1 : 0;
        const muted = ahead[f]! > 0 && behind + ahead[f]! - 1 >= GATE_HOLD_FRAMES;
        for (let ch = 0; ch < channels; ch++) {
          const o = (f * channels + ch) * 3;
          const e = ch * 3;
          let q = 0;
          if (muted) {
            errors[e] = 0;
            errors[e + 1] = 0;
            errors[e + 2] = 0;
          } else {
            const sample24 = ((inBytes[o]! | (inBytes[o + 1]! << 8) | (inBytes[o + 2]! << 16)) << 8) >> 8;
            // In 16-bit LSBs; the shaped error of the last three samples is subtracted first.
            const x = sample24 / 256 - (SHAPER[0] * errors[e]! + SHAPER[1] * errors[e + 1]! + SHAPER[2] * errors[e + 2]!);
            const dither = random() - random();
            q = Math.round(x + dither);
            if (q > FULL_SCALE_16 - 1) q = FULL_SCALE_16 - 1;
            else if (q < -FULL_SCALE_16) q = -FULL_SCALE_16;
            errors[e + 2] = errors[e + 1]!;
            errors[e + 1] = errors[e]!;
            // Clamped to a few LSBs: a clipped sample must not feed a runaway error back.
            errors[e] = Math.max(-4, Math.min(4, q - x));
          }
          outBytes.writeInt16LE(q, (f * channels + ch) * 2);
        }
      }
      writeSync(output, outBytes, 0, count * channels * 2);
    }
    return { frames };
  } finally {
    closeSync(input);
    if (output !== null) closeSync(output);
  }
}

/** Sample rate of a PCM WAV (the engine's masters). */
export function sampleRateOfWav(path: string): number {
  const fd = openSync(path, 'r');
  try {
    return layoutOf(fd).sampleRate;
  } finally {
    closeSync(fd);
  }
}

/**
 * The 16-bit download of a 24-bit master: the CD format, 16 bits at 44.1 kHz, whatever the
 * master's rate (stores and CD pressing take it; a 48 or 96 kHz master keeps its rate only in the
 * 24-bit file). A master at another rate is first resampled to a 24-bit 44.1 kHz file beside
 * `outPath` (ffmpeg's soxr, as the decode: the result has as many frames as the work file the
 * player streams), then dithered (writeDithered16); digital silence resamples to exact zeros, so
 * the gate still mutes it.
 */
export async function writeCdRendition(masterPath: string, outPath: string, signal?: AbortSignal): Promise<{ frames: number }> {
  if (sampleRateOfWav(masterPath) === SAMPLE_RATE) return writeDithered16(masterPath, outPath);
  const resampled = `${outPath}.cd-rate.wav`;
  try {
    await runFfmpeg(resampleWav24Args(masterPath, resampled, SAMPLE_RATE), signal ? { signal } : {});
    return writeDithered16(resampled, outPath);
  } finally {
    await rm(resampled, { force: true });
  }
}
