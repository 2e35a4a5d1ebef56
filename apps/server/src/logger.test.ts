import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, redactQuery } from './logger';

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
