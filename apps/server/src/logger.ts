import pino, { type Logger } from 'pino';
import type { Config } from './config';

/**
 * The process logger: JSON lines on stdout. Credentials never reach the log, whichever
 * header or cookie carries them.
 */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}
