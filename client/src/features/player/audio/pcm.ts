/**
 * 16-bit little-endian interleaved PCM (real-time socket framing) to the planar
 * float channels an AudioBuffer holds. x = s / 32768: the inverse of the sidecar's float -> int16
 * rule, so -32768 maps to exactly -1 and full scale positive to 32767/32768.
 */
export function int16ToFloatChannels(audio: Uint8Array, channels: number): Float32Array[] {
  const frames = Math.floor(audio.byteLength / (2 * channels));
  const view = new DataView(audio.buffer, audio.byteOffset, frames * channels * 2);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    const base = frame * channels;
    for (let channel = 0; channel < channels; channel++) {
      out[channel]![frame] = view.getInt16((base + channel) * 2, true) / 32768;
    }
  }
  return out;
}
