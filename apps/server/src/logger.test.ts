import { PassThrough, Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLog } from './http/request-log';
import {
  LOG_VALUE_MAX_CHARS,
  capLogValue,
  createLogger,
  isLogged,
  logDestination,
  redactQuery,
} from './logger';

describe('request logging', () => {
  it('never writes query values: reset/verify tokens, authorization codes, ID token hints', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('info', sink) });
    app.get('/*', () => Promise.resolve('ok'));
    const urls = [
      '/idp/interaction/abc/reset?token=RESET-TOKEN-1',
      '/idp/interaction/abc/verify?token=VERIFY-TOKEN-2',
      '/callback?code=AUTH-CODE-3&state=STATE-4',
      '/idp/session/end?id_token_hint=ID-TOKEN-5&post_logout_redirect_uri=x',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.close();
    expect(written).toContain('"url":"/idp/interaction/abc/reset?token=[redacted]"');
    expect(written).toContain('/callback?code=[redacted]&state=[redacted]');
    for (const secret of [
      'RESET-TOKEN-1',
      'VERIFY-TOKEN-2',
      'AUTH-CODE-3',
      'STATE-4',
      'ID-TOKEN-5',
    ])
      expect(written).not.toContain(secret);
  });

  it('keeps a URL without a query as it is', () => {
    expect(redactQuery('/api/item/getItem/5')).toBe('/api/item/getItem/5');
    expect(redactQuery('/x?')).toBe('/x?');
    expect(redactQuery('/x?flag')).toBe('/x?flag=[redacted]');
  });
});

describe('log line size', () => {
  function capture() {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    return { lines, logger: createLogger('info', sink) };
  }

  it('caps every value of a line: messages, fields and errors of megabytes stay a few KB', () => {
    const { lines, logger } = capture();
    const huge = 'x'.repeat(1_000_000);
    logger.info(huge);
    logger.info({ email: huge, nested: { list: Array.from({ length: 1_000 }, () => huge) } }, 'x');
    const error = new Error(`bad e-mail ${huge}`);
    logger.error({ err: error, body: { email: huge } }, 'failed');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThan(64 * 1024);
    expect(lines[2]).toContain('"type":"Error"');
    expect(lines[2]).toContain(
      `…[+${1_000_000 + 'bad e-mail '.length - LOG_VALUE_MAX_CHARS} chars]`,
    );
  });

  it('keeps short values exactly', () => {
    expect(capLogValue({ a: 'short', b: [1, 2], c: null })).toEqual({
      a: 'short',
      b: [1, 2],
      c: null,
    });
  });

  it('writes one concise line per request, with its status and time', async () => {
    const { lines, logger } = capture();
    const logged: FastifyBaseLogger = logger;
    const app = Fastify({
      loggerInstance: logged,
      logController: new LogController({ disableRequestLogging: true }),
    });
    installRequestLog(app, 'info');
    app.get('/ping', () => Promise.resolve('ok'));
    await app.inject({ method: 'GET', url: '/ping?token=SECRET' });
    await app.close();
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requests.filter((line) => line.url !== undefined)).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: '/ping?token=[redacted]',
      statusCode: 200,
    });
    expect(typeof requests[0]?.ms).toBe('number');
  });
});

describe('isLogged', () => {
  it('is true at info and below, false above it and when silent', () => {
    expect(['trace', 'debug', 'info'].map((level) => isLogged(level))).toEqual([true, true, true]);
    expect(['warn', 'error', 'fatal', 'silent'].map((level) => isLogged(level))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('answers for another line level', () => {
    expect(isLogged('info', 'debug')).toBe(false);
    expect(isLogged('debug', 'debug')).toBe(true);
  });
});

describe('the terminal format (issue 25)', () => {
  it('writes readable lines, not JSON, and keeps credentials out', () => {
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const logger = createLogger('info', logDestination('pretty', output));
    logger.info({ headers: { authorization: 'Bearer SECRET' } }, 'Waymark is running');
    expect(text).toMatch(/INFO.*Waymark is running/);
    expect(text).not.toContain('{"level"');
    expect(text).not.toContain('SECRET');
    expect(logDestination('json')).toBeUndefined();
  });

  it('writes no line per request at info when requests are logged at debug', async () => {
    let written = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const logged: FastifyBaseLogger = createLogger('info', sink);
    const app = Fastify({
      loggerInstance: logged,
      logController: new LogController({ disableRequestLogging: true }),
    });
    installRequestLog(app, 'debug');
    app.get('/ping', () => Promise.resolve('ok'));
    await app.inject({ method: 'GET', url: '/ping' });
    await app.close();
    expect(written).not.toContain('/ping');
  });
});
