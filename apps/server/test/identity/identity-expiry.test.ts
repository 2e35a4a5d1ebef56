import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';
import { authorizationRequest, TestBrowser } from '../support/identity-browser';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { waitForMail } from '../../src/modules/mail/outbox';

// A clock the test moves: e-mail links expire by the app's clock.
let now = Date.now();
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(() => testApp.close());

describe('e-mail links', () => {
  it('stop working after 24 hours (verification)', async () => {
    const { publicUrl, dataDir } = testApp.config;
    const email = 'late@example.com';
    const browser = new TestBrowser(testApp.app, publicUrl, '10.4.0.1');
    const client = {
      clientId: PORTAL_CLIENT_ID,
      redirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
    };
    const signUp = await browser.follow(
      authorizationRequest(publicUrl, client, { prompt: 'create' }).url,
    );
    await browser.submit(signUp, '/signup', {
      email,
      firstName: 'La',
      lastName: 'Te',
      password: 'late password 1',
    });
    const mail = await waitForMail(path.join(dataDir, 'mail'), email, { subject: /Verify/ });

    now += 25 * 60 * 60 * 1000;
    const late = await browser.follow(mail.links[0] ?? '');
    expect(late.status).toBe(400);
    expect(late.body).toContain('This link has expired');
  });
});
