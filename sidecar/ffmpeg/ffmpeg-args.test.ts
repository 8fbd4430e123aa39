import { describe, expect, it } from 'vitest';
import { decodeLossyToF32Args, decodeToF32Args, ebur128Args, encodeF32ToWav24Args, encodeForStoreArgs, encodeMp3Args, resampleWav24Args } from './ffmpeg-args.js';
import { inputSampleRateOf, outputChannelsOf, parseEbur128Summary } from './ffmpeg-run.js';

describe('ffmpeg argument builders', () => {
  it('when decoding a WAV, then it resamples with soxr to raw f32le at 44.1 kHz, single-threaded', () => {
    expect(decodeToF32Args('/in/a.wav', '/work/a.f32')).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'info',
      '-f', 'wav', '-i', '/in/a.wav', '-map', '0:a:0',
      '-af', 'aformat=sample_fmts=flt,aresample=44100:resampler=soxr:precision=28',
      '-ar', '44100', '-c:a', 'pcm_f32le', '-f', 'f32le', '-y', '/work/a.f32',
    ]);
  });

  it('when decoding a WAV for a bounce at the source rate, then it decodes to raw f32le at that rate', () => {
    expect(decodeToF32Args('/in/a.wav', '/work/a.f32', 96000)).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'info',
      '-f', 'wav', '-i', '/in/a.wav', '-map', '0:a:0',
      '-af', 'aformat=sample_fmts=flt,aresample=96000:resampler=soxr:precision=28',
      '-ar', '96000', '-c:a', 'pcm_f32le', '-f', 'f32le', '-y', '/work/a.f32',
    ]);
  });

  it('when a master at another rate is taken to the CD rate, then it is resampled as the decode is, to a bare 24-bit WAV', () => {
    expect(resampleWav24Args('/m.wav', '/m-44.wav')).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-f', 'wav', '-i', '/m.wav', '-map', '0:a:0',
      '-af', 'aformat=sample_fmts=flt,aresample=44100:resampler=soxr:precision=28',
      '-ar', '44100', '-c:a', 'pcm_s24le', '-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'wav', '-y', '/m-44.wav',
    ]);
  });

  it('when encoding raw float to 24-bit WAV, then format, rate and channels of the raw input are stated', () => {
    expect(encodeF32ToWav24Args('pipe:0', 2, '/out/m.wav')).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-f', 'f32le', '-ar', '44100', '-ac', '2', '-i', 'pipe:0',
      '-c:a', 'pcm_s24le', '-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'wav', '-y', '/out/m.wav',
    ]);
  });

  it('when making the MP3 rendition, then it is 192 kbps LAME without tags', () => {
    expect(encodeMp3Args('/m.wav', '/m.mp3')).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-i', '/m.wav', '-map', '0:a:0', '-c:a', 'libmp3lame', '-b:a', '192k',
      '-map_metadata', '-1', '-id3v2_version', '0', '-f', 'mp3', '-y', '/m.mp3',
    ]);
  });

  it('when the MP3 must decode lower, then the master is turned down before the encoder', () => {
    expect(encodeMp3Args('/m.wav', '/m.mp3', -0.84)).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-i', '/m.wav', '-map', '0:a:0', '-af', 'volume=-0.84dB', '-c:a', 'libmp3lame', '-b:a', '192k',
      '-map_metadata', '-1', '-id3v2_version', '0', '-f', 'mp3', '-y', '/m.mp3',
    ]);
  });

  it('when a 96 kHz master is encoded to MP3, then it is turned down and resampled to 48 kHz before the encoder', () => {
    expect(encodeMp3Args('/m.wav', '/m.mp3', -0.84, 48000)).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-i', '/m.wav', '-map', '0:a:0', '-af', 'volume=-0.84dB,aformat=sample_fmts=flt,aresample=48000:resampler=soxr:precision=28', '-ar', '48000',
      '-c:a', 'libmp3lame', '-b:a', '192k', '-map_metadata', '-1', '-id3v2_version', '0', '-f', 'mp3', '-y', '/m.mp3',
    ]);
  });

  it('when a master is encoded as Apple Music streams it, then it is AAC at 256 kbps and 44.1 kHz in MP4, untagged and at its own level', () => {
    expect(encodeForStoreArgs('/m.wav', '/m.aac.part', { codec: 'aac', bitrateKbps: 256, sampleRate: 44100 })).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-i', '/m.wav', '-map', '0:a:0', '-af', 'aformat=sample_fmts=flt,aresample=44100:resampler=soxr:precision=28', '-ar', '44100',
      '-c:a', 'aac', '-b:a', '256k', '-map_metadata', '-1', '-f', 'mp4', '-y', '/m.aac.part',
    ]);
  });

  it('when a master is encoded as Opus, then libopus encodes it at 160 kbps after soxr takes it to 48 kHz, in Ogg', () => {
    expect(encodeForStoreArgs('/m.wav', '/m.opus.part', { codec: 'opus', bitrateKbps: 160, sampleRate: 48000 })).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'error',
      '-i', '/m.wav', '-map', '0:a:0', '-af', 'aformat=sample_fmts=flt,aresample=48000:resampler=soxr:precision=28', '-ar', '48000',
      '-c:a', 'libopus', '-b:a', '160k', '-map_metadata', '-1', '-f', 'ogg', '-y', '/m.opus.part',
    ]);
  });

  it('when a lossy file is decoded for measuring, then it becomes raw float at the rate named, with the info log that names its channels', () => {
    expect(decodeLossyToF32Args('/m.opus.part', '/m.f32', 48000)).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'info',
      '-i', '/m.opus.part', '-map', '0:a:0', '-ar', '48000', '-c:a', 'pcm_f32le', '-f', 'f32le', '-y', '/m.f32',
    ]);
  });

  it('when measuring with ebur128, then true peak is on and the output is discarded', () => {
    expect(ebur128Args('/m.wav')).toEqual([
      '-hide_banner', '-nostdin', '-filter_threads', '1', '-loglevel', 'info', '-nostats',
      '-i', '/m.wav', '-map', '0:a:0', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-',
    ]);
  });
});

describe('ffmpeg log parsing', () => {
  it('when the decode log names the output stream, then its channel count is read', () => {
    const log = "Input #0, wav, from 'a.wav':\n    Stream #0:0: Audio: pcm_s16le ([1][0][0][0] / 0x0001), 48000 Hz, stereo, s16, 1536 kb/s\nOutput #0, f32le, to 'a.f32':\n    Stream #0:0: Audio: pcm_f32le, 44100 Hz, mono, flt, 1411 kb/s\n";
    expect(outputChannelsOf(log)).toBe(1);
    expect(outputChannelsOf(log.replace(', mono,', ', stereo,'))).toBe(2);
    expect(outputChannelsOf(log.replace(', mono,', ', 6 channels,'))).toBe(6);
    expect(outputChannelsOf('no output here')).toBeNull();
  });

  it('when the decode log names the input stream, then its sample rate is read, not the output rate', () => {
    const log = "Input #0, wav, from 'a.wav':\n  Duration: 00:00:05.00\n    Stream #0:0: Audio: pcm_s24le ([1][0][0][0] / 0x0001), 96000 Hz, stereo, s32 (24 bit), 4608 kb/s\nOutput #0, f32le, to 'a.f32':\n    Stream #0:0: Audio: pcm_f32le, 44100 Hz, stereo, flt, 2822 kb/s\n";
    expect(inputSampleRateOf(log)).toBe(96000);
    expect(inputSampleRateOf('no input here')).toBeNull();
  });

  it('when ebur128 prints its summary, then loudness, LRA and true peak are read', () => {
    const log = '[Parsed_ebur128_0 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -14.2 LUFS\n    Threshold: -24.4 LUFS\n\n  Loudness range:\n    LRA:         5.3 LU\n\n  True peak:\n    Peak:       -1.1 dBFS\n';
    expect(parseEbur128Summary(log)).toEqual({ integratedLufs: -14.2, lra: 5.3, truePeakDbtp: -1.1 });
  });
});
