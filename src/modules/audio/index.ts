export { measureWavFile, readWavFormat, type AudioFacts } from './audio-facts.js';
