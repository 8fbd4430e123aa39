/** What each buying option delivers. */
export const RENDITIONS = {
  0: { suffix: '192kbps', extension: 'mp3', contentType: 'audio/mpeg' },
  1: { suffix: '16bit', extension: 'wav', contentType: 'audio/wav' },
  2: { suffix: '24bit', extension: 'wav', contentType: 'audio/wav' },
} as const;

export type RenditionOption = keyof typeof RENDITIONS;

/**
 * Storage key of an option's file: the 24-bit master itself, or a rendition next to it. The media
 * process makes the renditions when it bounces the master (sidecar/media/renditions.ts); the web
 * process only streams them (it spawns no ffmpeg).
 */
export function renditionKeyOf(masterKey: string, buyingOption: RenditionOption): string {
  if (buyingOption === 2) return masterKey;
  const stem = masterKey.replace(/\.wav$/i, '');
  return buyingOption === 0 ? `${stem}.192kbps.mp3` : `${stem}.16bit.wav`;
}
