import { CHAIN_BLOCK, createChain, runColourStage, runLimiterStage, runLinearStage, type Chain, type ChainParams } from './dsp/chain.js';
import { openWorkFile, type WorkFile, type WorkFileReader } from './work-file.js';
import { SAMPLE_RATE } from '../../src/audio-core/constants.js';

/** Output channels of every master: stereo (a mono track gives identical left and right). */
export const OUTPUT_CHANNELS = 2;

/**
 * Pre-roll before a rendered range (previews, at the working rate): long enough for the high-pass, the compressor (release up to
 * 300 ms in the catalogue and its 4x slower average) and the limiter's slow release and its
 * 400 ms average to settle (~10 time constants), so a range rendered on its own matches the same
 * range of a full render to well below audibility.
 */
export const PREROLL_FRAMES = 4 * SAMPLE_RATE;

/**
 * Streams a style's output in order: output frame k is the processed input frame k. Holds one
 * chain's state plus block buffers; `next` is cheap to call repeatedly for consecutive ranges.
 */
export interface StyleStream {
  readonly chain: Chain;
  /** Next output frame `read` returns. */
  position: number;
  read(out: Float32Array, count: number): void;
}

/**
 * One CHAIN_BLOCK step of the chain's first half: input frames [position, position + CHAIN_BLOCK)
 * (zeros past the end) read, split into planar `left`/`right` and run through the linear and
 * colour stages, in place.
 */
function colourStep(reader: WorkFileReader, chain: Chain, position: number, input: Float32Array, left: Float32Array, right: Float32Array): void {
  const channels = reader.file.channels;
  reader.read(position, CHAIN_BLOCK, input);
  if (channels === 1) {
    left.set(input);
  } else {
    for (let i = 0, j = 0; i < CHAIN_BLOCK; i++, j += channels) {
      left[i] = input[j]!;
      right[i] = input[j + 1]!;
    }
  }
  runLinearStage(chain, left, right, CHAIN_BLOCK);
  runColourStage(chain, left, right, CHAIN_BLOCK);
}

function createStyleStream(reader: WorkFileReader, params: ChainParams, startFrame: number): StyleStream {
  const channels = reader.file.channels;
  const chain = createChain(params, { mono: channels === 1, sampleRate: reader.file.sampleRate });
  const input = new Float32Array(CHAIN_BLOCK * channels);
  const left = new Float32Array(CHAIN_BLOCK);
  const right = new Float32Array(CHAIN_BLOCK);
  const outLeft = new Float32Array(CHAIN_BLOCK);
  const outRight = new Float32Array(CHAIN_BLOCK);
  let inputPosition = startFrame;
  // Output frames already produced but not yet handed out (outLeft/outRight[pending..produced)).
  let produced = 0;
  let consumed = 0;
  let skip = chain.latency;
  const step = () => {
    colourStep(reader, chain, inputPosition, input, left, right);
    inputPosition += CHAIN_BLOCK;
    runLimiterStage(chain, left, right, CHAIN_BLOCK, outLeft, outRight);
    consumed = Math.min(skip, CHAIN_BLOCK);
    skip -= consumed;
    produced = CHAIN_BLOCK;
  };
  const stream: StyleStream = {
    chain,
    position: startFrame,
    read(out, count) {
      let written = 0;
      while (written < count) {
        if (consumed >= produced) {
          step();
          continue;
        }
        const take = Math.min(count - written, produced - consumed);
        for (let i = 0; i < take; i++) {
          out[(written + i) * 2] = outLeft[consumed + i]!;
          out[(written + i) * 2 + 1] = outRight[consumed + i]!;
        }
        consumed += take;
        written += take;
      }
      stream.position += count;
    },
  };
  return stream;
}

/**
 * The first half of a style's chain (high-pass, EQ, M/S, three-band compressor, pre-gain,
 * compressor, saturation, width) from frame 0 on, in CHAIN_BLOCK steps exactly as a StyleStream
 * takes them: a bounce runs the limiter half in its second thread (createLimitingSink), which
 * then sees the same blocks and so writes the same samples. `read` hands out whole steps,
 * interleaved stereo; past the track's end the input reads as zeros (the limiter's flush).
 */
export interface ColourStream {
  /** Frames the limiter half delays its output by. */
  readonly latency: number;
  /** Interleaved stereo of the next CHAIN_BLOCK frames. */
  next(): Float32Array;
}

export function streamColour(reader: WorkFileReader, params: ChainParams): ColourStream {
  const channels = reader.file.channels;
  const chain = createChain(params, { mono: channels === 1, sampleRate: reader.file.sampleRate });
  const input = new Float32Array(CHAIN_BLOCK * channels);
  const left = new Float32Array(CHAIN_BLOCK);
  const right = new Float32Array(CHAIN_BLOCK);
  let position = 0;
  return {
    latency: chain.latency,
    next() {
      colourStep(reader, chain, position, input, left, right);
      position += CHAIN_BLOCK;
      const out = new Float32Array(CHAIN_BLOCK * OUTPUT_CHANNELS);
      for (let i = 0; i < CHAIN_BLOCK; i++) {
        out[i * 2] = left[i]!;
        out[i * 2 + 1] = right[i]!;
      }
      return out;
    },
  };
}

/** A style's output from frame `startFrame` on, for a bounce (no pre-roll: the track starts there). */
export function streamStyle(reader: WorkFileReader, params: ChainParams, startFrame = 0): StyleStream {
  return createStyleStream(reader, params, startFrame);
}

/**
 * On-demand rendering of any range of a fitted style (real-time preview). Consecutive requests
 * continue the running stream; a jump starts a new one PREROLL_FRAMES earlier.
 */
export interface RangeRenderer {
  render(startFrame: number, frameCount: number): Float32Array;
  close(): void;
}

export function createRangeRenderer(source: WorkFile, params: ChainParams): RangeRenderer {
  const reader = openWorkFile(source);
  let stream: StyleStream | null = null;
  return {
    render(startFrame, frameCount) {
      const start = Math.max(0, Math.min(startFrame, source.frames));
      const count = Math.max(0, Math.min(frameCount, source.frames - start));
      const out = new Float32Array(count * OUTPUT_CHANNELS);
      if (count === 0) return out;
      if (!stream || stream.position !== start) {
        const from = Math.max(0, start - PREROLL_FRAMES);
        stream = createStyleStream(reader, params, from);
        if (start > from) {
          const scratch = new Float32Array(Math.min(start - from, 8192) * OUTPUT_CHANNELS);
          for (let left = start - from; left > 0; left -= scratch.length / OUTPUT_CHANNELS) {
            stream.read(scratch, Math.min(left, scratch.length / OUTPUT_CHANNELS));
          }
        }
      }
      stream.read(out, count);
      return out;
    },
    close() {
      reader.close();
    },
  };
}

/** Renders frames [startFrame, startFrame+frameCount) of a style: interleaved stereo float. */
export function renderRange(source: WorkFile, params: ChainParams, startFrame: number, frameCount: number): Float32Array {
  const renderer = createRangeRenderer(source, params);
  try {
    return renderer.render(startFrame, frameCount);
  } finally {
    renderer.close();
  }
}
