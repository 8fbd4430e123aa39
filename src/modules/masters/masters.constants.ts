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
