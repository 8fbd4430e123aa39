/**
 * Plain values of the masters domain, without zod, so the SPA's first load can carry them without
 * the schema library (issue 9); masters.schemas.ts re-exports them for everyone else.
 */

/** Largest upload (decisions.md "Audio", spec §9): 500 MiB. */
export const MAX_UPLOAD_BYTES = 524_288_000;
