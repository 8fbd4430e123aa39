/**
 * Where a reference track is stored: under its owner (an account's deletion removes `users/<id>`),
 * never under a track, so nothing that serves a track's or a master's files can reach it.
 */
export const referenceKeyOf = (userId: string, referenceId: string) => `users/${userId}/references/${referenceId}.wav`;
