import { Writable } from 'node:stream';
import pino from 'pino';

/**
 * A pino logger at `info` whose JSON lines land, parsed, in `lines` (a test reads what the app
 * logged; empty `lines` by setting its length to 0).
 */
export function captureJsonLogs(): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}
