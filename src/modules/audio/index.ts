export {
  bytesPerSampleOf,
  parseWavHeader,
  wavHeader,
  WAV_LIMITS,
  type SampleFormat,
  type WavFormat,
  type WavHeaderOptions,
  type WavHeaderResult,
  type WavSampleFormat,
} from './wav-header.js';
export { measureWavFile, readWavFormat, type AudioFacts } from './audio-facts.js';
