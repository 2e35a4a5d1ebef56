import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { readLatestMail, waitForMail } from '../../src/modules/mail/outbox';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '../support/helper';
import { openTestEventStream } from '../support/sse-client';
import {
  decode,
  authorizationRequest,
  postToken,
  redeemPortalCode,
  signUpByMail,
  TestBrowser,
} from '../support/identity-browser';

let testApp: TestApp;
let publicUrl: string;
let outbox: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  publicUrl = testApp.config.publicUrl;
  outbox = path.join(testApp.config.dataDir, 'mail');
});
afterAll(() => testApp.close());

const signInPage = (browser: TestBrowser) =>
  browser.follow(
    authorizationRequest(publicUrl, {
      clientId: PORTAL_CLIENT_ID,
      redirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
    }).url,
  );

describe('password reset', () => {
  it('resets a password by a single-use mailed link, after which only the new password works', async () => {
    const email = 'reset.me@example.com';
    await signUpByMail(new TestBrowser(testApp.app, publicUrl, '10.1.0.1'), {
      publicUrl,
      outbox,
      email,
      password: 'first password 1',
    });

    const browser = new TestBrowser(testApp.app, publicUrl, '10.1.0.2');
    const signIn = await signInPage(browser);
    const forgot = await browser.request(`${signIn.url}/forgot`);
    expect(forgot.body).toContain('Reset your password');
    const sent = await browser.submit(forgot, '/forgot', { email: 'Reset.Me@example.com' });
    expect(decode(sent.body)).toContain("If an account exists for that e-mail, we've sent a link.");

    const mail = await waitForMail(outbox, email, { subject: /Reset your Waymark password/ });
    const link = mail.links.find((url) => url.includes('/reset?token=')) ?? '';
    const resetPage = await browser.request(link);
    expect(resetPage.body).toContain('Choose a new password');
    const weak = await browser.submit(resetPage, '/reset', { password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toContain('Use at least 10 characters.');
    const done = await browser.submit(resetPage, '/reset', { password: 'second password 2' });
    expect(done.body).toContain('Your password has been changed.');

    const reused = await browser.request(link);
    expect(reused.status).toBe(400);
    expect(reused.body).toContain('This link has expired');

    const oldPassword = await browser.submit(await signInPage(browser), '/login', {
      email,
      password: 'first password 1',
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await browser.submit(await signInPage(browser), '/login', {
      email,
      password: 'second password 2',
    });
    expect(newPassword.status).toBe(303);
    expect(String(newPassword.headers.location)).toContain(
      `${publicUrl}${PORTAL_CALLBACK_PATH}?code=`,
    );
  });

  it('ends every session at once: old access tokens get 401 on every copy, refresh tokens fail', async () => {
    const email = 'stolen.session@example.com';
    const { callback, verifier } = await signUpByMail(
      new TestBrowser(testApp.app, publicUrl, '10.1.0.5'),
      { publicUrl, outbox, email, password: 'first password 5' },
    );
    const tokens = await redeemPortalCode(testApp.app, { publicUrl, callback, verifier });
    const headers = { authorization: `Bearer ${String(tokens.json.access_token)}` };
    const getOrgs = { method: 'GET', url: '/api/account/getOrgs', headers } as const;
    // A second server copy on the same database, as behind a load balancer.
    const copy2 = await buildApp({
      config: testApp.config,
      db: testApp.db,
      logger: testApp.app.log,
    });
    try {
      await copy2.ready();
      expect((await testApp.app.inject(getOrgs)).statusCode).toBe(200);
      expect((await copy2.inject(getOrgs)).statusCode).toBe(200);
      // A live stream held on the other copy ends with the session (it outlived it before).
      const projectId = await createProject(copy2, headers);
      const liveUrl = `${await copy2.listen({ port: 0, host: '127.0.0.1' })}/api/item/liveEvents/${projectId}`;
      const live = await openTestEventStream(liveUrl, headers);

      const browser = new TestBrowser(testApp.app, publicUrl, '10.1.0.6');
      const forgot = await browser.request(`${(await signInPage(browser)).url}/forgot`);
      await browser.submit(forgot, '/forgot', { email });
      const mail = await waitForMail(outbox, email, { subject: /Reset your Waymark password/ });
      const resetPage = await browser.request(
        mail.links.find((url) => url.includes('/reset?token=')) ?? '',
      );
      const done = await browser.submit(resetPage, '/reset', { password: 'second password 6' });
      expect(done.body).toContain('Your password has been changed.');

      // The copy that did the reset refuses at once: it waited for its own change.
      expect((await testApp.app.inject(getOrgs)).statusCode).toBe(401);
      await copy2.changes.sync();
      expect((await copy2.inject(getOrgs)).statusCode).toBe(401);
      await live.ended;
      const refreshed = await postToken(testApp.app, {
        grant_type: 'refresh_token',
        refresh_token: String(tokens.json.refresh_token),
        client_id: PORTAL_CLIENT_ID,
      });
      expect(refreshed.json.error).toBe('invalid_grant');

      // Signing in again with the new password gives a token the API accepts.
      const again = authorizationRequest(publicUrl, {
        clientId: PORTAL_CLIENT_ID,
        redirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
      });
      const signedIn = await browser.submit(await browser.follow(again.url), '/login', {
        email,
        password: 'second password 6',
      });
      const fresh = await redeemPortalCode(testApp.app, {
        publicUrl,
        callback: signedIn,
        verifier: again.verifier,
      });
      const freshHeaders = { authorization: `Bearer ${String(fresh.json.access_token)}` };
      expect((await copy2.inject({ ...getOrgs, headers: freshHeaders })).statusCode).toBe(200);
    } finally {
      await copy2.close();
    }
  });

  it('answers forgot-password for an unknown address the same way and sends nothing', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.1.0.3');
    const forgot = await browser.request(`${(await signInPage(browser)).url}/forgot`);
    const answer = await browser.submit(forgot, '/forgot', { email: 'ghost@example.com' });
    expect(answer.status).toBe(200);
    expect(decode(answer.body)).toContain(
      "If an account exists for that e-mail, we've sent a link.",
    );
    expect(await readLatestMail(outbox, 'ghost@example.com')).toBeUndefined();
  });

  it('rejects a forged reset token', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.1.0.4');
    const signIn = await signInPage(browser);
    const forged = await browser.request(`${signIn.url}/reset?token=not-a-real-token`);
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('This link has expired');
  });
});

describe('sign-out', () => {
  it('shows a Waymark sign-out confirmation and returns to the portal home after signing out', async () => {
    const email = 'leaving@example.com';
    const browser = new TestBrowser(testApp.app, publicUrl, '10.1.1.1');
    await signUpByMail(browser, { publicUrl, outbox, email, password: 'leaving password' });
    const confirm = await browser.request(
      `${publicUrl}/idp/session/end?client_id=${PORTAL_CLIENT_ID}&post_logout_redirect_uri=${encodeURIComponent(`${publicUrl}/client/home/product-info`)}`,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body).toContain('Logout');
    expect(confirm.body).toContain('Waymark');
    const form = /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(
      confirm.body,
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form?.[2] ?? '')?.[1] ?? '';
    const done = await browser.request(form?.[1] ?? '', { xsrf, logout: 'yes' });
    const back = await browser.follow(String(done.headers.location ?? ''));
    expect(String(back.headers.location ?? done.headers.location)).toBe(
      `${publicUrl}/client/home/product-info`,
    );

    // The session is gone: a new authorization request asks to sign in again.
    expect((await signInPage(browser)).body).toContain('Log In to Waymark');
  });

  it('signs out without asking when the portal sends the ID token of the signed-in user', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.1.1.2');
    const { callback, verifier } = await signUpByMail(browser, {
      publicUrl,
      outbox,
      email: 'hinted@example.com',
      password: 'hinted password',
    });
    const tokens = await redeemPortalCode(testApp.app, { publicUrl, callback, verifier });
    const endSession = `${publicUrl}/idp/session/end?post_logout_redirect_uri=${encodeURIComponent(`${publicUrl}/client/home/product-info`)}`;
    const hinted = await browser.request(
      `${endSession}&id_token_hint=${String(tokens.json.id_token)}`,
    );
    expect(hinted.body).toContain("i.name='logout'");
    expect(hinted.body).toMatch(/>\s*Logout\s*<\/button>/);
    const unhinted = await browser.request(`${endSession}&client_id=${PORTAL_CLIENT_ID}`);
    expect(unhinted.body).not.toContain('<script>');
  });
});

/** Creates an organization and a project as the token's user; answers the project's id. */
async function createProject(
  app: FastifyInstance,
  headers: { authorization: string },
): Promise<number> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers, ...(payload && { payload }) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  await call('POST', '/api/account/createOrgExistingUser', { orgName: 'Reset org' });
  const [org] = (await call('GET', '/api/account/getOrgs')).json<{ orgId: number }[]>();
  const created = await call('POST', '/api/project/createProject', {
    orgId: org?.orgId,
    projectName: 'Reset project',
    baseUrl: 'https://reset.example.test',
  });
  return created.json<{ projectId: number }>().projectId;
}
