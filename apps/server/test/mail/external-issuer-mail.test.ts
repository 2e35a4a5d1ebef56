import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppModule } from '../../src/modules/module';
import { waitForMail } from '../../src/modules/mail/outbox';
import { startTestIssuer, type TestIssuer } from '../support/auth-test-issuer';
import { buildTestApp, type TestApp } from '../support/helper';

// With an external identity provider the embedded one (and its screens) is off; the app's
// mailer, built at the root, still works for every other module (invitations, billing).
let issuer: TestIssuer;
let t: TestApp;

const mailingModule: AppModule = (app, { db, mailer }) => {
  app.post('/test/mail', { schema: { hide: true } }, async () => {
    await db.transaction((tx) =>
      mailer.enqueue(
        tx,
        {
          to: 'invitee@example.com',
          subject: 'You are invited',
          text: 'Join us: http://localhost:8080/client/',
          html: '<p>Join us</p>',
        },
        'organization',
      ),
    );
    return { ok: true };
  });
  return Promise.resolve();
};

beforeAll(async () => {
  issuer = await startTestIssuer('https://waymark.test/api');
  t = await buildTestApp({
    env: { OIDC_ISSUER: issuer.url, OIDC_AUDIENCE: 'https://waymark.test/api' },
    plugins: [mailingModule],
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

describe('mail with an external identity provider', () => {
  it('has no embedded provider, and still delivers mail a module enqueues', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/test/mail' })).statusCode).toBe(200);
    const mail = await waitForMail(path.join(t.config.dataDir, 'mail'), 'invitee@example.com');
    expect(mail.subject).toBe('You are invited');
    expect(mail.links).toEqual(['http://localhost:8080/client/']);
  });
});
