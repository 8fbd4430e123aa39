/** Tracks one album may hold: a long album, and a bound on one job's work. */
export const MAX_ALBUM_TRACKS = 30;
/** An album is at least two tracks: one alone is a single master. */
export const MIN_ALBUM_TRACKS = 2;
