import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { insertAccount } from '../../src/modules/identity/accounts';
import { hashPassword } from '../../src/modules/identity/password';
import { idpAccounts } from '../../src/db/schema';
import type { MailMessage, MailTransport } from '../../src/modules/mail/mail-transport';
import {
  ALONE_PUBLIC_URL,
  startIdentityAlone,
  type IdentityAlone,
} from '../support/identity-alone';
import { authorizationRequest, TestBrowser } from '../support/identity-browser';

// The provider alone on a fresh database, with small limits so per-IP limiting is quick to reach,
// and the real outbox and job queue delivering to a fake SMTP server.
const PUBLIC_URL = ALONE_PUBLIC_URL;
let alone: IdentityAlone;
let app: IdentityAlone['app'];
const sent: MailMessage[] = [];
// Mail to held.* addresses stays "on its way" until the test releases it (a slow SMTP server).
let releaseHeldMail: () => void = () => undefined;
const heldMail = new Promise<void>((resolve) => {
  releaseHeldMail = resolve;
});

const smtp: MailTransport = {
  send: (message) => {
    if (message.to === 'undeliverable@example.com') return Promise.reject(new Error('550'));
    if (message.to.startsWith('held.')) return heldMail.then(() => void sent.push(message));
    sent.push(message);
    return Promise.resolve();
  },
};

beforeAll(async () => {
  alone = await startIdentityAlone({
    transport: smtp,
    limits: {
      signInPerIp: { max: 5, windowSeconds: 900 },
      signInPerAccount: { max: 6, windowSeconds: 3600 },
      resetPerIp: { max: 3, windowSeconds: 900 },
      resetPerAccount: { max: 2, windowSeconds: 3600 },
      signUpPerIp: { max: 2, windowSeconds: 3600 },
    },
  });
  app = alone.app;
});
afterAll(async () => {
  releaseHeldMail();
  await alone.close();
});

const signInPage = (browser: TestBrowser) =>
  browser.follow(
    authorizationRequest(PUBLIC_URL, {
      clientId: PORTAL_CLIENT_ID,
      redirectUri: `${PUBLIC_URL}${PORTAL_CALLBACK_PATH}`,
    }).url,
  );

/** An unverified account with this password, straight in the database. */
async function addAccount(email: string, password: string) {
  const passwordHash = await hashPassword(password);
  await insertAccount(alone.db, { email, firstName: 'Test', lastName: 'User', passwordHash });
}

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

  it('refuses an account guessed from many addresses once its ceiling is reached', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const browser = new TestBrowser(app, PUBLIC_URL, `198.51.100.${attempt + 100}`);
      const answer = await browser.submit(await signInPage(browser), '/login', {
        email: 'spread@example.com',
        password: 'guess',
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('counts a client by its socket address, whatever X-Forwarded-For it sends (TRUST_PROXY off)', async () => {
    const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.40');
    const page = await signInPage(browser);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      browser.extraHeaders['x-forwarded-for'] = `203.0.113.${attempt}`;
      const answer = await browser.submit(page, '/login', {
        email: `spoof${attempt}@example.com`,
        password: 'guess',
      });
      expect(answer.status).toBe(401);
    }
    browser.extraHeaders['x-forwarded-for'] = '203.0.113.99';
    const limited = await browser.submit(page, '/login', {
      email: 'spoof-last@example.com',
      password: 'guess',
    });
    expect(limited.status).toBe(429);
  });

  it('counts only failed sign-ins, so a user signing in often is never limited', async () => {
    const email = 'often@example.com';
    await addAccount(email, 'often password');
    await alone.db.update(idpAccounts).set({ emailVerifiedAt: new Date() });
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

  it('limits sign-ups per IP with 429 before hashing or mailing; another IP still signs up', async () => {
    const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.60');
    const form = await browser.request(`${(await signInPage(browser)).url}/signup`);
    const signUpAs = (as: TestBrowser, page: typeof form, email: string) =>
      as.submit(page, '/signup', {
        email,
        firstName: 'Many',
        lastName: 'Accounts',
        password: 'long enough password',
      });
    // A form refused for its content is not counted.
    const typo = await browser.submit(form, '/signup', { email: 'not an address' });
    expect(typo.status).toBe(400);
    const statuses: number[] = [];
    for (const n of [1, 2, 3])
      statuses.push((await signUpAs(browser, form, `many${n}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await signUpAs(browser, form, 'many4@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const made = await alone.db.select({ email: idpAccounts.email }).from(idpAccounts);
    expect(made.map((row) => row.email).filter((email) => email.startsWith('many'))).toEqual([
      'many1@example.com',
      'many2@example.com',
    ]);

    const elsewhere = new TestBrowser(app, PUBLIC_URL, '192.0.2.61');
    const otherForm = await elsewhere.request(`${(await signInPage(elsewhere)).url}/signup`);
    expect((await signUpAs(elsewhere, otherForm, 'many5@example.com')).status).toBe(200);
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

  it('answers forgot-password and resend before the mail of a registered address is delivered', async () => {
    // Only registered addresses get these mails: waiting for delivery on their path alone would
    // let the response time tell who is registered.
    const email = 'held.user@example.com';
    await addAccount(email, 'held user password');
    const browser = new TestBrowser(app, PUBLIC_URL, '192.0.2.50');
    const page = await signInPage(browser);
    const forgot = await browser.request(`${page.url}/forgot`);
    const reset = await browser.submit(forgot, '/forgot', { email });
    expect(reset.status).toBe(200);
    const unverified = await browser.submit(page, '/login', {
      email,
      password: 'held user password',
    });
    expect(unverified.status).toBe(403);
    const resent = await browser.submit(unverified, '/resend', {});
    expect(resent.body).toContain('Check your e-mail');
    expect(sent.filter((message) => message.to === email)).toEqual([]);

    releaseHeldMail();
    await vi.waitFor(
      () =>
        expect(
          // The reset mail takes one more job (issue 24), so either may arrive first.
          sent
            .filter((message) => message.to === email)
            .map((message) => message.subject)
            .sort(),
        ).toEqual(['Reset your Waymark password', 'Verify your e-mail address for Waymark']),
      // Two queued jobs in a row for the reset mail: vi.waitFor's 1 s default is too short
      // on a loaded machine.
      { timeout: 15_000, interval: 100 },
    );
  });
});
