import { pino, type Logger } from 'pino';

export type { Logger };

/** `fd` 2 for a command-line tool, whose standard output is its answer. */
export function createLogger(level: string, name: string, fd: 1 | 2 = 1): Logger {
  return pino(
    {
      name,
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    pino.destination(fd),
  );
}
