/**
 * The authorization scheme of the internal API ("Internal <secret>"), in a module of its own so
 * the client (command-line tools) does not load the Express app and every module behind it.
 */
export const INTERNAL_AUTH_SCHEME = 'Internal';
