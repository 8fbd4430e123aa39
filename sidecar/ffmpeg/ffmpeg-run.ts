import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const STDERR_TAIL_BYTES = 8192;

/**
 * A failed or aborted ffmpeg run. Its message is the product's error key; the media process turns
 * it into an AppError at its edge (sidecar/media/engine-errors.ts), as ffmpeg code knows no AppError.
 */
export class FfmpegError extends Error {
  constructor(
    readonly reason: 'failed' | 'aborted',
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(reason === 'aborted' ? 'error.aborted' : 'error.ffmpegFailed', options);
    this.name = 'FfmpegError';
  }
}

/** FFMPEG_PATH when set, else the binary @ffmpeg-installer ships. */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FFMPEG_PATH) return env.FFMPEG_PATH;
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export interface FfmpegResult {
  /** Last STDERR_TAIL_BYTES of stderr (where ffmpeg writes its log and ebur128 its summary). */
  stderrTail: string;
}

/**
 * The one ffmpeg spawner: no shell, arguments as an array; keeps only the stderr
 * tail; kills the child when `signal` aborts; any non-zero exit (or spawn failure) becomes an
 * FfmpegError whose detail is the stderr tail.
 */
export function runFfmpeg(args: readonly string[], options: { signal?: AbortSignal; binary?: string } = {}): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new FfmpegError('aborted', 'ffmpeg aborted before start'));
      return;
    }
    const child = spawn(options.binary ?? ffmpegPath(), args, { shell: false, stdio: ['ignore', 'ignore', 'pipe'] });
    let tail = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      tail += chunk;
      if (tail.length > STDERR_TAIL_BYTES * 2) tail = tail.slice(-STDERR_TAIL_BYTES);
    });
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError('failed', error.message, { cause: error }));
    });
    child.on('close', (code, killedBy) => {
      options.signal?.removeEventListener('abort', onAbort);
      const stderrTail = tail.slice(-STDERR_TAIL_BYTES);
      if (options.signal?.aborted) {
        reject(new FfmpegError('aborted', 'ffmpeg aborted'));
      } else if (code === 0) {
        resolve({ stderrTail });
      } else {
        const why = killedBy ? `killed by ${killedBy}` : `exit code ${code}`;
        reject(new FfmpegError('failed', `${why}: ${stderrTail.trim().slice(-2000)}`));
      }
    });
  });
}

/** Channel count of the output stream from a decode's info log ("Output #0 ... 44100 Hz, stereo"). */
export function outputChannelsOf(stderr: string): number | null {
  const output = stderr.slice(stderr.lastIndexOf('Output #0'));
  const match = /Audio: [^,]+, (\d+) Hz, (mono|stereo|(\d+) channels)/.exec(output);
  if (!match) return null;
  if (match[2] === 'mono') return 1;
  if (match[2] === 'stereo') return 2;
  return Number(match[3]);
}

/** Sample rate of the input's audio stream from a decode's info log ("Input #0 ... Audio: pcm_s24le, 96000 Hz"). */
export function inputSampleRateOf(stderr: string): number | null {
  const start = stderr.indexOf('Input #0');
  if (start < 0) return null;
  const end = stderr.indexOf('Output #0', start);
  const match = /Audio: [^\n]*?, (\d+) Hz/.exec(stderr.slice(start, end < 0 ? undefined : end));
  return match ? Number(match[1]) : null;
}

export interface Ebur128Summary {
  integratedLufs: number;
  lra: number;
  truePeakDbtp: number;
}

/** The summary block ffmpeg's ebur128 prints at the end ("I: -23.0 LUFS", "LRA: 1.2 LU", "Peak: -1.0 dBFS"). */
export function parseEbur128Summary(stderr: string): Ebur128Summary {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const number = (pattern: RegExp) => {
    const match = pattern.exec(summary);
    if (!match?.[1]) throw new FfmpegError('failed', `no ${pattern} in ebur128 summary`);
    return match[1] === '-inf' ? -Infinity : Number(match[1]);
  };
  return {
    integratedLufs: number(/I:\s+(-?[\d.]+|-inf) LUFS/),
    lra: number(/LRA:\s+(-?[\d.]+) LU/),
    truePeakDbtp: number(/Peak:\s+(-?[\d.]+|-inf) dBFS/),
  };
}
