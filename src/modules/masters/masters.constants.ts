/**
 * Plain values of the masters domain, without zod, so the SPA's first load can carry them without
 * the schema library; masters.schemas.ts re-exports them for everyone else.
 */

/** Largest upload: 500 MiB. */
export const MAX_UPLOAD_BYTES = 524_288_000;
