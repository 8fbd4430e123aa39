/**
 * Plain values of the masters domain, without zod, so the SPA's first load can carry them without
 * the schema library; masters.schemas.ts re-exports them for everyone else.
 */

/** Largest upload: 500 MiB. */
export const MAX_UPLOAD_BYTES = 524_288_000;

/**
 * How hard a master's style is driven: Medium is the style as the catalogue holds it, Low gentler
 * and quieter, High louder and denser. The same style at two intensities is two masters.
 */
export const INTENSITIES = ['low', 'medium', 'high'] as const;
export type Intensity = (typeof INTENSITIES)[number];
export const DEFAULT_INTENSITY: Intensity = 'medium';

/**
 * How far each part of the style's move is taken on top of the intensity, percent of the style's
 * own: tone, width and dynamics, 0 to 150 in steps of 10 (100: the style as it is). Other amounts are
 * another master.
 */
export const AMOUNT_MIN = 0;
export const AMOUNT_MAX = 150;
export const AMOUNT_STEP = 10;
export interface Amounts {
  tone: number;
  width: number;
  dynamics: number;
}
export const DEFAULT_AMOUNTS: Readonly<Amounts> = { tone: 100, width: 100, dynamics: 100 };
export const isDefaultAmounts = (amounts: Amounts | undefined | null): boolean =>
  !amounts || (amounts.tone === DEFAULT_AMOUNTS.tone && amounts.width === DEFAULT_AMOUNTS.width && amounts.dynamics === DEFAULT_AMOUNTS.dynamics);
/** Amounts with what is left out at 100 %. */
export const fullAmounts = (amounts: { tone?: number | undefined; width?: number | undefined; dynamics?: number | undefined } | undefined | null): Amounts => ({
  tone: amounts?.tone ?? DEFAULT_AMOUNTS.tone,
  width: amounts?.width ?? DEFAULT_AMOUNTS.width,
  dynamics: amounts?.dynamics ?? DEFAULT_AMOUNTS.dynamics,
});
/** A key part for amounts other than the default ('' for the default, so older keys stay as they were). */
export const amountsKeyOf = (amounts: Amounts | undefined | null): string => (!amounts || isDefaultAmounts(amounts) ? '' : `~t${amounts.tone}w${amounts.width}d${amounts.dynamics}`);

/**
 * The lossy codecs the stores stream with, as the codec check encodes a master: AAC at 256 kb/s and
 * 44.1 kHz (Apple Music, iTunes Plus) and Opus at 160 kb/s and 48 kHz (Opus's only full-band rate;
 * the class of codec YouTube and Spotify stream). Decoded, either can peak above the master:
 * band limiting and quantisation ring around limited peaks (docs/engine.md).
 */
export const STORE_CODEC_IDS = ['aac', 'opus'] as const;
export type StoreCodec = (typeof STORE_CODEC_IDS)[number];
export const STORE_CODECS: Readonly<Record<StoreCodec, { bitrateKbps: number; sampleRate: number }>> = {
  aac: { bitrateKbps: 256, sampleRate: 44_100 },
  opus: { bitrateKbps: 160, sampleRate: 48_000 },
};
