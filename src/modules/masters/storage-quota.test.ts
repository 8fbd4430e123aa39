import { describe, expect, it } from 'vitest';
import { MASTER_BYTES_PER_SECOND, masterBytesPerSecond } from './storage-quota.js';

describe('the stored bytes a master is expected to take', () => {
  it('when the source is at 44.1 kHz, then a second is the 24-bit and the 16-bit WAV at 44.1 kHz and the 192 kbps MP3', () => {
    expect(MASTER_BYTES_PER_SECOND).toBe(44100 * 2 * 3 + 44100 * 2 * 2 + 24000);
  });

  it.each([
    [48000, 48000],
    [96000, 96000],
    [192000, 96000],
  ])('when the source is at %i Hz, then the 24-bit WAV counts at the master rate of %i Hz and the 16-bit WAV at 44.1 kHz', (source, master) => {
    expect(masterBytesPerSecond(source)).toBe(master * 2 * 3 + 44100 * 2 * 2 + 24000);
  });
});
