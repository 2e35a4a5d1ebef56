import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../src/modules/identity/clients';
import { insertAccount } from '../src/modules/identity/accounts';
import { identityPlugin } from '../src/modules/identity/identity-plugin';
import { hashPassword } from '../src/modules/identity/password';
import { idpAccounts } from '../src/db/schema/identity';
import type { MailMessage } from '../src/modules/mail/mailer';
import { buildTestApp, type TestApp } from './helper';
import { authorizationRequest, TestBrowser } from './identity-browser';

// The provider alone on a fresh database, with small limits so per-IP limiting is quick to reach.
const PUBLIC_URL = 'http://localhost:8080';
let testApp: TestApp;
let app: FastifyInstance;
const sent: MailMessage[] = [];

beforeAll(async () => {
  testApp = await buildTestApp();
  app = Fastify();
  await app.register(identityPlugin, {
    db: testApp.db,
    mailer: {
      send: (message) => {
        if (message.to === 'undeliverable@example.com') return Promise.reject(new Error('550'));
        sent.push(message);
        return Promise.resolve();
      },
    },
    clock: { now: () => new Date() },
    publicUrl: PUBLIC_URL,
    extensionId: 'a'.repeat(32),
    limits: {
      signInPerIp: { max: 5, windowSeconds: 900 },
      resetPerIp: { max: 3, windowSeconds: 900 },
      resetPerAccount: { max: 2, windowSeconds: 3600 },
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testApp.close();
});

const signInPage = (browser: TestBrowser) =>
  browser.follow(
    authorizationRequest(PUBLIC_URL, {
      clientId: PORTAL_CLIENT_ID,
      redirectUri: `${PUBLIC_URL}${PORTAL_CALLBACK_PATH}`,
    }).url,
  );

describe('identity screens with small limits and a fake mailer', () => {
  it('refuses sign-in from one IP after its limit, whatever the e-mail', async () => {
    const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.10');
    const page = await signInPage(browser);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await browser.submit(page, '/login', {
        email: `user${attempt}@example.com`,
        password: 'guess',
      });
      expect(answer.status).toBe(401);
    }
    const limited = await browser.submit(page, '/login', {
      email: 'new@example.com',
      password: 'guess',
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);

    const elsewhere = new TestBrowser(app, PUBLIC_URL, '192.0.2.11');
    const fresh = await elsewhere.submit(await signInPage(elsewhere), '/login', {
      email: 'new@example.com',
      password: 'guess',
    });
    expect(fresh.status).toBe(401);
  });

  it('counts only failed sign-ins, so a user signing in often is never limited', async () => {
    const email = 'often@example.com';
    await insertAccount(testApp.db, {
      email,
      firstName: 'Ofte',
      lastName: 'N',
      passwordHash: await hashPassword('often password'),
    });
    await testApp.db.update(idpAccounts).set({ emailVerifiedAt: new Date() });
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.30');
      const answer = await browser.submit(await signInPage(browser), '/login', {
        email,
        password: 'often password',
      });
      expect(answer.status).toBe(303);
    }
  });

  it('limits forgot-password requests per e-mail and per IP with 429', async () => {
    const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.20');
    const forgot = await browser.request(`${(await signInPage(browser)).url}/forgot`);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push(
        (await browser.submit(forgot, '/forgot', { email: 'someone@example.com' })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);

    const otherIp = new TestBrowser(app, PUBLIC_URL, '192.0.2.21');
    const otherForgot = await otherIp.request(`${(await signInPage(otherIp)).url}/forgot`);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      answers.push(
        (await otherIp.submit(otherForgot, '/forgot', { email: `p${attempt}@example.com` })).status,
      );
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('still answers "Check your e-mail" when the mail cannot be delivered', async () => {
    const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.40');
    const signUp = await browser.request(`${(await signInPage(browser)).url}/signup`);
    const answer = await browser.submit(signUp, '/signup', {
      email: 'undeliverable@example.com',
      firstName: 'Un',
      lastName: 'Deliverable',
      password: 'long enough password',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Check your e-mail');
  });
});
