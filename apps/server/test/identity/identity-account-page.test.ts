import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/helper';
import { codeFrom, signUpByMail, TestBrowser } from '../support/identity-browser';

// Issue 33: the embedded provider's own account page, for its signed-in browser session.

let testApp: TestApp;
let publicUrl: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  publicUrl = testApp.config.publicUrl;
});
afterAll(() => testApp.close());

describe('the identity provider account page (issue 33)', () => {
  it("shows the signed-in person's name and e-mail with links to export their data and delete the account", async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.7');
    const { callback } = await signUpByMail(browser, {
      publicUrl,
      outbox: path.join(testApp.config.dataDir, 'mail'),
      email: 'ann.account@example.com',
      password: 'correct horse battery',
    });
    // The verification link finished the sign-in (a code for the portal); when it did not, this
    // names the answer the link got instead of leaving only the account page's 401.
    expect(codeFrom(callback)).not.toBe('');
    const page = await browser.request(`${publicUrl}/idp/account`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1>Your account</h1>');
    expect(page.body).toMatch(/<dt>Name<\/dt>\s*<dd>Ann Lee<\/dd>/);
    expect(page.body).toMatch(/<dt>E-mail<\/dt>\s*<dd>ann\.account@example\.com<\/dd>/);
    expect(page.body).toContain(`href="${publicUrl}/client/your-data">Export my data</a>`);
    expect(page.body).toContain(`href="${publicUrl}/client/delete-account">Delete my account</a>`);
  });

  it('shows no one without a provider session, and links to sign in', async () => {
    const stranger = new TestBrowser(testApp.app, publicUrl, '10.0.0.8');
    const page = await stranger.request(`${publicUrl}/idp/account`);
    expect(page.status).toBe(401);
    expect(page.body).toContain('Sign in to see your account');
    expect(page.body).not.toContain('@example.com');
    // A forged session cookie is no session either.
    const forged = await testApp.app.inject({
      url: '/idp/account',
      headers: { cookie: '_session=forged; _session.sig=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });
});
