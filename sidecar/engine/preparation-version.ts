/**
 * Version of a stored preparation's shape (its fitted chain parameters). A preparation of another
 * version is made again: version 2 added the M/S equalisation and the three-band compressor.
 */
export const PREPARATION_VERSION = 2;
