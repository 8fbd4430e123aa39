import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A decoded track on disk: raw interleaved 32-bit float little-endian at 44.1 kHz (what
 * decodeToWorkFile writes). Everything streams from it in blocks, so a long track never has to be
 * in memory.
 */
export interface WorkFile {
  path: string;
  sampleRate: number;
  channels: number;
  frames: number;
}

export interface WorkFileReader {
  readonly file: WorkFile;
  /**
   * Reads frames [start, start+count) into `out` (interleaved, file channel count). Frames outside
   * the file read as zeros; NaN, infinite and absurd values (a broken float WAV) read as 0 so they
   * can never poison filter state.
   */
  read(start: number, count: number, out: Float32Array): void;
  close(): void;
}

export function openWorkFile(file: WorkFile): WorkFileReader {
  const fd = openSync(file.path, 'r');
  const bytesPerFrame = 4 * file.channels;
  return {
    file,
    read(start, count, out) {
      const channels = file.channels;
      const from = Math.max(0, start);
      const to = Math.min(file.frames, start + count);
      if (from > start) out.fill(0, 0, (from - start) * channels);
      if (to > from) {
        const offset = (from - start) * channels;
        const bytes = (to - from) * bytesPerFrame;
        let done = 0;
        while (done < bytes) {
          const got = readSync(fd, out, offset * 4 + done, bytes - done, from * bytesPerFrame + done);
          if (got <= 0) break;
          done += got;
        }
        if (done < bytes) out.fill(0, offset + Math.floor(done / 4), offset + (to - from) * channels);
        for (let i = offset, end = offset + (to - from) * channels; i < end; i++) {
          const x = out[i]!;
          if (!(x < 1e4 && x > -1e4)) out[i] = 0;
        }
      }
      if (to < start + count) out.fill(0, Math.max(0, to - start) * channels, count * channels);
    },
    close() {
      closeSync(fd);
    },
  };
}
