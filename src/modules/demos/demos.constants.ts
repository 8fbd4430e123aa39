/**
 * Plain values of the demos domain, without zod, so the home page's first load can carry them
 * without the schema library; demos.schemas.ts re-exports them for everyone else.
 */

/** 8 demos shown collapsed, about 24 expanded. */
export const DEMOS_COLLAPSED = 8;
export const DEMOS_MAX = 24;
