/**
 * Version of a stored preparation's shape (its fitted chain parameters). A preparation of another
 * version is made again: version 2 added the M/S equalisation and the three-band compressor,
 * version 3 the loudness floor (a master never quieter than its mix) and the measured subsonic filter,
 * version 4 the loudness-range and attack budgets (and the fit's figures for them).
 */
export const PREPARATION_VERSION = 4;
