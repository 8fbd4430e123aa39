/**
 * The one sample rate of the product's own audio: the engine decodes every upload to it, works and
 * writes its masters at it, and the media process streams it to the browser's player.
 */
export const SAMPLE_RATE = 44100;

