import { SAMPLE_RATE } from '../../src/audio-core/constants.js';
/**
 * Pure ffmpeg argument builders. Every option here was checked against the ffmpeg
 * the project ships (@ffmpeg-installer/ffmpeg 1.1.0: a 2018 static build, N-47683, with libsoxr and
 * libmp3lame); FFMPEG_PATH may point at a newer one, which accepts the same options.
 */

/** Options every invocation starts with. */
function commonArgs(logLevel: 'error' | 'info' = 'error'): string[] {
  return [
    '-hide_banner',
    // Never read the terminal: a child of a server must not block on (or eat) stdin.
    '-nostdin',
    // Slice threading made filter chains 4.5-7x slower on 2 cores (measured on this machine kind);
    // two jobs side by side scale better than one threaded job.
    '-filter_threads',
    '1',
    // Errors only: the spawner keeps the stderr tail for AppError details, progress noise would bury it.
    // Info only where a builder parses what ffmpeg reports there.
    '-loglevel',
    logLevel,
  ];
}

/** A stored master (a WAV, probed by content) as the input, its first audio stream only. */
const masterInArgs = (masterWavPath: string) => ['-i', masterWavPath, '-map', '0:a:0'];

/** soxr at 28-bit precision: transparent resampling; at the target's own rate aresample passes through. */
const resampleTo = (sampleRate: number) => `aresample=${sampleRate}:resampler=soxr:precision=28`;

/** A WAV input, converted to float and resampled to `sampleRate`: the decode and the CD rendition share it so both resample alike. */
function wavInFloatAtArgs(inputPath: string, sampleRate: number): string[] {
  return [
    // The demuxer probes the content (RIFF/RF64), never the file name.
    '-f',
    'wav',
    '-i',
    inputPath,
    // First audio stream only; a WAV carries no other, but a LIST/bext chunk must never map to a stream.
    '-map',
    '0:a:0',
    // Float before any filtering so no integer rounding happens on the way (16-bit input would otherwise be filtered in integers).
    '-af',
    `aformat=sample_fmts=flt,${resampleTo(sampleRate)}`,
    '-ar',
    String(sampleRate),
  ];
}

/**
 * Any accepted WAV (PCM 16/24/32, float 32/64, RF64, extensible, 1-2 channels, 8-192 kHz) to raw
 * interleaved 32-bit float at `sampleRate` (the working rate unless a master is bounced at the
 * source's) with the input's channel count. `-loglevel info` is kept here so the input and output
 * stream lines ("Stream #0:0: Audio: pcm_f32le, 44100 Hz, stereo") can be parsed.
 */
export function decodeToF32Args(inputPath: string, outputPath: string, sampleRate: number = SAMPLE_RATE): string[] {
  return [
    ...commonArgs('info'),
    ...wavInFloatAtArgs(inputPath, sampleRate),
    '-c:a',
    'pcm_f32le',
    '-f',
    'f32le',
    '-y',
    outputPath,
  ];
}

/** A 24-bit PCM WAV with no LIST/INFO chunk naming the encoder: the file holds fmt and data only. */
function wav24OutputArgs(outputPath: string): string[] {
  return ['-c:a', 'pcm_s24le', '-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'wav', '-y', outputPath];
}

/** Raw interleaved f32le at 44.1 kHz (stdin or a file) to a 24-bit PCM WAV. */
export function encodeF32ToWav24Args(inputPath: string, channels: number, outputPath: string): string[] {
  return [
    ...commonArgs(),
    // Raw input carries no header: format, rate and channel count must be stated.
    '-f',
    'f32le',
    '-ar',
    String(SAMPLE_RATE),
    '-ac',
    String(channels),
    '-i',
    inputPath,
    ...wav24OutputArgs(outputPath),
  ];
}

/**
 * A 24-bit master at another rate to a 24-bit WAV at the working rate (the CD rendition's source),
 * through the same float conversion and resampler as the decode: a master of N frames gives as
 * many frames as the original of N frames decoded to the work file.
 */
export function resampleWav24Args(masterWavPath: string, outputPath: string, sampleRate: number = SAMPLE_RATE): string[] {
  return [
    ...commonArgs(),
    ...wavInFloatAtArgs(masterWavPath, sampleRate),
    ...wav24OutputArgs(outputPath),
  ];
}

/**
 * MP3 rendition (buying option 0) of the 24-bit master: CBR 192 kbps at `resampleTo` (44.1 or
 * 48 kHz, mp3SampleRateOf) when the master is at another rate. `gainDb` (<= 0) turns the master
 * down first: the encoder's band limiting and quantisation raise the decoded true peak above the
 * master's, and the MP3 must decode at or below -1 dBTP too.
 */
export function encodeMp3Args(masterWavPath: string, outputPath: string, gainDb = 0, resampleToRate?: number): string[] {
  const filters = [...(gainDb !== 0 ? [`volume=${gainDb.toFixed(2)}dB`] : []), ...(resampleToRate ? [`aformat=sample_fmts=flt,${resampleTo(resampleToRate)}`] : [])];
  return [
    ...commonArgs(),
    ...masterInArgs(masterWavPath),
    ...(filters.length > 0 ? ['-af', filters.join(',')] : []),
    ...(resampleToRate ? ['-ar', String(resampleToRate)] : []),
    '-c:a',
    'libmp3lame',
    '-b:a',
    // Constant 192 kbps as sold: with -b:a and no -abr, libmp3lame encodes CBR.
    '192k',
    '-map_metadata',
    '-1',
    // No ID3 cover or encoder tags; the download name carries the track's identity.
    '-id3v2_version',
    '0',
    '-f',
    'mp3',
    '-y',
    outputPath,
  ];
}

/** A store's lossy codec as the codec check encodes with it (the product's STORE_CODECS). */
export interface StoreEncoding {
  codec: 'aac' | 'opus';
  bitrateKbps: number;
  sampleRate: number;
}

/** Encoder and container of each store codec. */
const STORE_ENCODERS: Record<StoreEncoding['codec'], { encoder: string; format: string }> = {
  // ffmpeg's native AAC-LC (the bundled build has no libfdk_aac), in MP4 as iTunes Plus files are.
  aac: { encoder: 'aac', format: 'mp4' },
  // libopus's defaults are the streaming setting: VBR, application "audio", 20 ms frames; in Ogg.
  opus: { encoder: 'libopus', format: 'ogg' },
};

/**
 * A master encoded as a store streams it (the codec check): resampled with soxr to the codec's
 * rate (a no-op at that rate) and encoded at its bitrate, without the level change or limiting a
 * download gets, since the point is what the store's encoder does to the master as it is.
 */
export function encodeForStoreArgs(masterWavPath: string, outputPath: string, encoding: StoreEncoding): string[] {
  const { encoder, format } = STORE_ENCODERS[encoding.codec];
  return [
    ...commonArgs(),
    ...masterInArgs(masterWavPath),
    '-af',
    `aformat=sample_fmts=flt,${resampleTo(encoding.sampleRate)}`,
    '-ar',
    String(encoding.sampleRate),
    '-c:a',
    encoder,
    '-b:a',
    `${encoding.bitrateKbps}k`,
    // No tags: nothing of the track's identity goes into a file that only exists to be measured.
    '-map_metadata',
    '-1',
    '-f',
    format,
    '-y',
    outputPath,
  ];
}

/**
 * A lossy file decoded as a player decodes it, to raw interleaved 32-bit float: no resampling and
 * no clipping (float keeps the overshoot above full scale that the measurement is after). `-ar`
 * only pins the rate the caller reads the raw file at (the decoder's own: 44.1 kHz AAC, 48 kHz
 * Opus). `-loglevel info` so the output's channel count can be read (outputChannelsOf).
 */
export function decodeLossyToF32Args(inputPath: string, outputPath: string, sampleRate: number): string[] {
  return [...commonArgs('info'), '-i', inputPath, '-map', '0:a:0', '-ar', String(sampleRate), '-c:a', 'pcm_f32le', '-f', 'f32le', '-y', outputPath];
}

/**
 * ebur128 measurement (integrated loudness, LRA, true peak) to cross-check the engine's own meter.
 * The summary goes to stderr at info level, so this builder keeps `-loglevel info`.
 */
export function ebur128Args(inputPath: string): string[] {
  return [
    ...commonArgs('info'),
    '-nostats',
    '-i',
    inputPath,
    '-map',
    '0:a:0',
    // peak=true: 4x-oversampled true peak as in BS.1770-4 Annex 2. framelog=verbose keeps the
    // per-100 ms lines out of the info log so the stderr tail holds the summary.
    '-af',
    'ebur128=peak=true:framelog=verbose',
    '-f',
    'null',
    '-',
  ];
}
