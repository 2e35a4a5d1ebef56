import { NUL_CHARACTER_MESSAGE } from '@waymark/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { buildTestApp, type TestApp } from '../support/helper';
import {
  authorizationRequest,
  TestBrowser,
  type BrowserResponse,
} from '../support/identity-browser';

/**
 * Issue 9: the identity screens answered 500 to a NUL byte in a name or e-mail and to a 1 MB
 * e-mail. Every field of every form now gets the API's text rules: a 400 with the reason on the
 * form, the refused value not echoed back, and nothing stored.
 */
let testApp: TestApp;
let publicUrl: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  publicUrl = testApp.config.publicUrl;
});
afterAll(() => testApp.close());

const VALID = {
  email: 'valid.person@example.com',
  firstName: 'Val',
  lastName: 'Id',
  password: 'a long enough password',
};
const HUGE_EMAIL = `${'a'.repeat(1_000_000)}@example.com`;

/** Each form, the fields it reads, and how to open it. */
const FORMS: { action: string; fields: (keyof typeof VALID)[]; open: string }[] = [
  { action: '/login', fields: ['email', 'password'], open: '' },
  { action: '/signup', fields: ['email', 'firstName', 'lastName', 'password'], open: '/signup' },
  { action: '/forgot', fields: ['email'], open: '/forgot' },
];

let ipCounter = 0;
async function openForm(open: string): Promise<{ browser: TestBrowser; page: BrowserResponse }> {
  ipCounter += 1;
  const browser = new TestBrowser(
    testApp.app,
    publicUrl,
    `10.9.${ipCounter >> 8}.${ipCounter & 255}`,
  );
  const start = authorizationRequest(publicUrl, {
    clientId: PORTAL_CLIENT_ID,
    redirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
  }).url;
  const first = await browser.follow(start);
  return { browser, page: open ? await browser.request(`${first.url}${open}`) : first };
}

const accountCount = async () =>
  Number(
    (await testApp.db.$client.query<{ n: string }>('select count(*) as n from idp_accounts'))
      .rows[0]?.n,
  );

describe('identity forms refuse text the API refuses, never with a 500', () => {
  for (const form of FORMS)
    for (const field of form.fields) {
      it(`${form.action}: a NUL in ${field} is a 400 with the reason on the form`, async () => {
        const { browser, page } = await openForm(form.open);
        const before = await accountCount();
        const answer = await browser.submit(page, form.action, {
          ...VALID,
          [field]: `${VALID[field]}\u0000x`,
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toContain(NUL_CHARACTER_MESSAGE.slice(0, 20));
        expect(await accountCount()).toBe(before);
      });
    }

  for (const form of FORMS.filter((candidate) => candidate.fields.includes('email')))
    it(`${form.action}: a 1 MB e-mail is a 400 that does not echo it back`, async () => {
      const { browser, page } = await openForm(form.open);
      const answer = await browser.submit(page, form.action, { ...VALID, email: HUGE_EMAIL });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('at most 254 characters');
      expect(answer.body.length).toBeLessThan(50_000);
    });

  it('a long name is refused on sign-up with the names rule', async () => {
    const { browser, page } = await openForm('/signup');
    const answer = await browser.submit(page, '/signup', { ...VALID, lastName: 'x'.repeat(101) });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Names can have at most 100 characters.');
  });
});
