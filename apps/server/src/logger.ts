import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from './config';

/** What a request log line says about its request (Fastify's fields, the query made safe). */
type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Whether a logger at `level` writes lines of level `line` (default info). */
export function isLogged(level: string, line: Level = 'info'): boolean {
  const { [level]: rank, [line]: wanted } = pino.levels.values;
  return rank !== undefined && wanted !== undefined && rank <= wanted;
}

/**
 * Where `format` writes: readable lines for people at a terminal, else pino's JSON on stdout
 * (undefined: pino's own destination).
 */
export function logDestination(
  format: Config['logFormat'],
  output: NodeJS.WritableStream = process.stdout,
): DestinationStream | undefined {
  if (format === 'json') return undefined;
  // Synchronous, in this thread: a worker transport could lose the last lines at exit.
  return pinoPretty({
    destination: output,
    sync: true,
    colorize: output === process.stdout && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}

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

/** The longest string a log line keeps of one value; the rest is counted, not written. */
export const LOG_VALUE_MAX_CHARS = 2_048;
/** Keys whose values pino serializes itself (after the log formatter). */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);
/** How deep into objects and how many array items a log line keeps. */
const LOG_MAX_DEPTH = 5;
const LOG_MAX_ITEMS = 20;

/**
 * `value` cut to what a log line may hold (issue 9: an error log carried a 1 MB e-mail):
 * long strings end in `…[+N chars]`, long arrays in a count, deep objects in `[…]`.
 */
export function capLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length <= LOG_VALUE_MAX_CHARS
      ? value
      : `${value.slice(0, LOG_VALUE_MAX_CHARS)}…[+${value.length - LOG_VALUE_MAX_CHARS} chars]`;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= LOG_MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, LOG_MAX_ITEMS).map((item) => capLogValue(item, depth + 1));
    return value.length > LOG_MAX_ITEMS
      ? [...kept, `…[+${value.length - LOG_MAX_ITEMS} items]`]
      : kept;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, capLogValue(item, depth + 1)]),
  );
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
      // Every value of every line is capped. Pino serializes req/res/err after this formatter,
      // so those keys are capped by their serializers instead.
      formatters: {
        log: (object) =>
          Object.fromEntries(
            Object.entries(object).map(([key, value]) => [
              key,
              SERIALIZED_KEYS.has(key) ? value : capLogValue(value),
            ]),
          ),
      },
      hooks: {
        logMethod(args, method) {
          const capped = args.map((arg) => (typeof arg === 'string' ? capLogValue(arg) : arg));
          method.apply(this, capped as Parameters<typeof method>);
        },
      },
      serializers: {
        err: (error: Error) => capLogValue(pino.stdSerializers.err(error)),
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: capLogValue(redactQuery(request.url)),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
