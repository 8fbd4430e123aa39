/**
 * Header of the engine's one output format: a canonical 44-byte RIFF/WAVE header for 24-bit
 * integer PCM (WAVE_FORMAT_PCM, fmt chunk of 16 bytes, then the data chunk), as in Microsoft's
 * "Multimedia Programming Interface and Data Specifications 1.0".
 */
export function pcm24WavHeader(sampleRate: number, channels: number, frames: number): Buffer {
  const blockAlign = 3 * channels;
  const dataBytes = frames * blockAlign;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(24, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
