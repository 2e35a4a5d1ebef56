import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/** What a request log line says about its request (Fastify's fields, the query made safe). */
type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * The URL with every query value replaced: e-mail links carry single-use tokens
 * (`?token=`), the OIDC redirect an authorization code, logout an ID token hint. The
 * parameter names stay, for debugging.
 */
export function redactQuery(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, start)}?${names.join('&')}`;
}

/**
 * The process logger: JSON lines on stdout (or `destination`). Credentials never reach the
 * log, whichever header, cookie or query parameter carries them.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  return pino(
    {
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
      serializers: {
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactQuery(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
