import path from 'node:path';
import { EXTENSION_ID } from '@waymark/core';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTENSION_CLIENT_ID,
  PORTAL_CALLBACK_PATH,
  PORTAL_CLIENT_ID,
} from '../../src/modules/identity/clients';
import { waitForMail } from '../../src/modules/mail/outbox';
import { buildTestApp, type TestApp } from '../support/helper';
import {
  authorizationRequest,
  codeFrom,
  postToken,
  signUpByMail,
  TestBrowser,
} from '../support/identity-browser';

let testApp: TestApp;
let publicUrl: string;
let outbox: string;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  testApp = await buildTestApp();
  publicUrl = testApp.config.publicUrl;
  outbox = path.join(testApp.config.dataDir, 'mail');
});
afterAll(() => testApp.close());

const portal = () => ({
  clientId: PORTAL_CLIENT_ID,
  redirectUri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
});
const extension = () => ({
  clientId: EXTENSION_CLIENT_ID,
  redirectUri: `https://${EXTENSION_ID}.chromiumapp.org/`,
});

async function jwks(): Promise<JSONWebKeySet> {
  const response = await testApp.app.inject({ url: '/idp/jwks' });
  return response.json<JSONWebKeySet>();
}

const signUpAndVerify = (
  browser: TestBrowser,
  email: string,
  extra: Record<string, string> = { prompt: 'create' },
) => signUpByMail(browser, { publicUrl, outbox, email, password: PASSWORD, extra });

describe('embedded identity provider: sign-up to tokens', () => {
  it('signs up, verifies by e-mail, returns a code, and issues a JWT access token for the API', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.1');
    const { callback, verifier, link } = await signUpAndVerify(browser, 'ann.flow@example.com');
    expect(link.startsWith(`${publicUrl}/idp/interaction/`)).toBe(true);
    expect(
      String(callback.headers.location).startsWith(`${publicUrl}${PORTAL_CALLBACK_PATH}?`),
    ).toBe(true);

    const token = await postToken(testApp.app, {
      grant_type: 'authorization_code',
      code: codeFrom(callback),
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: portal().redirectUri,
      code_verifier: verifier,
    });
    expect(token.status).toBe(200);
    const accessToken = String(token.json.access_token);
    expect(decodeProtectedHeader(accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const { payload } = await jwtVerify(accessToken, createLocalJWKSet(await jwks()), {
      issuer: `${publicUrl}/idp`,
      audience: `${publicUrl}/api`,
    });
    expect(payload).toMatchObject({
      email: 'ann.flow@example.com',
      email_verified: true,
      given_name: 'Ann',
      family_name: 'Lee',
      client_id: PORTAL_CLIENT_ID,
    });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(15 * 60);
    const { payload: idToken } = await jwtVerify(
      String(token.json.id_token),
      createLocalJWKSet(await jwks()),
      {
        issuer: `${publicUrl}/idp`,
        audience: PORTAL_CLIENT_ID,
      },
    );
    expect(idToken).toMatchObject({
      sub: payload.sub,
      email: 'ann.flow@example.com',
      given_name: 'Ann',
    });

    // Rotating refresh tokens: the new one works, the used one is rejected.
    const firstRefresh = String(token.json.refresh_token);
    const renewed = await postToken(testApp.app, {
      grant_type: 'refresh_token',
      refresh_token: firstRefresh,
      client_id: PORTAL_CLIENT_ID,
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.refresh_token).toMatch(/^\S{20,}$/);
    expect(renewed.json.refresh_token).not.toBe(firstRefresh);
    const { payload: renewedPayload } = await jwtVerify(
      String(renewed.json.access_token),
      createLocalJWKSet(await jwks()),
      {
        issuer: `${publicUrl}/idp`,
        audience: `${publicUrl}/api`,
      },
    );
    expect(renewedPayload.sub).toBe(payload.sub);
    const replay = await postToken(testApp.app, {
      grant_type: 'refresh_token',
      refresh_token: firstRefresh,
      client_id: PORTAL_CLIENT_ID,
    });
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_grant');
  });

  it('opens the sign-up screen directly for screen_hint=signup, and the sign-in screen otherwise', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.2');
    const signUp = await browser.follow(
      authorizationRequest(publicUrl, portal(), { screen_hint: 'signup' }).url,
    );
    expect(signUp.body).toContain('Sign Up for Waymark');
    const toSignIn = /href="([^"]+\/login)"/.exec(signUp.body)?.[1] ?? '';
    expect((await browser.request(toSignIn)).body).toContain('Log In to Waymark');
    const signIn = await browser.follow(authorizationRequest(publicUrl, portal()).url);
    expect(signIn.body).toContain('Log In to Waymark');
    const toSignUp = /href="([^"]+\/signup)"/.exec(signIn.body)?.[1] ?? '';
    expect((await browser.request(toSignUp)).body).toContain('Sign Up for Waymark');
  });

  it('fills in the invited address (login_hint) on the sign-up and sign-in screens', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.9');
    const hint = 'invited.person@example.com';
    const signUp = await browser.follow(
      authorizationRequest(publicUrl, portal(), { screen_hint: 'signup', login_hint: hint }).url,
    );
    expect(signUp.body).toContain(`value="${hint}"`);
    const toSignIn = /href="([^"]+\/login)"/.exec(signUp.body)?.[1] ?? '';
    expect((await browser.request(toSignIn)).body).toContain(`value="${hint}"`);
  });

  it('signs a verified user in with the extension client, auto-approving consent for offline_access', async () => {
    const email = 'ext.user@example.com';
    await signUpAndVerify(new TestBrowser(testApp.app, publicUrl, '10.0.0.3'), email);
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.3');
    const request = authorizationRequest(publicUrl, extension(), { prompt: 'consent' });
    const signIn = await browser.follow(request.url);
    const callback = await browser.submit(signIn, '/login', { email, password: PASSWORD });
    expect(String(callback.headers.location).startsWith(extension().redirectUri)).toBe(true);
    const token = await postToken(
      testApp.app,
      {
        grant_type: 'authorization_code',
        code: codeFrom(callback),
        client_id: EXTENSION_CLIENT_ID,
        redirect_uri: extension().redirectUri,
        code_verifier: request.verifier,
      },
      `chrome-extension://${EXTENSION_ID}`,
    );
    expect(token.status).toBe(200);
    expect(String(token.json.scope).split(' ')).toContain('offline_access');
    expect(token.json.refresh_token).toMatch(/^\S{20,}$/);
    expect(token.headers['access-control-allow-origin']).toBe(`chrome-extension://${EXTENSION_ID}`);
  });

  it('rejects an authorization request without PKCE', async () => {
    const url = new URL(authorizationRequest(publicUrl, portal()).url);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const response = await new TestBrowser(testApp.app, publicUrl).request(url.href);
    expect(String(response.headers.location)).toContain('error=invalid_request');
  });

  it('does not let an unverified account finish signing in, and offers to resend the mail', async () => {
    const email = 'unverified@example.com';
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.4');
    const signUpPage = await browser.follow(
      authorizationRequest(publicUrl, portal(), { prompt: 'create' }).url,
    );
    await browser.submit(signUpPage, '/signup', {
      email,
      firstName: 'Una',
      lastName: 'Verified',
      password: PASSWORD,
    });
    const signInPage = await browser.follow(authorizationRequest(publicUrl, portal()).url);
    const refused = await browser.submit(signInPage, '/login', { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('Verify your e-mail address to log in.');
    const resent = await browser.submit(refused, '/resend', {});
    expect(resent.body).toContain('Check your e-mail');
  });
});

describe('embedded identity provider: safety', () => {
  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const email = 'known@example.com';
    await signUpAndVerify(new TestBrowser(testApp.app, publicUrl, '10.0.1.1'), email);
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.1.1');
    const page = await browser.follow(authorizationRequest(publicUrl, portal()).url);
    const wrongPassword = await browser.submit(page, '/login', {
      email,
      password: 'not the password',
    });
    const unknownEmail = await browser.submit(page, '/login', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toContain('E-mail or password is incorrect.');
    }
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    expect(strip(wrongPassword.body).replace(email, 'X')).toBe(
      strip(unknownEmail.body).replace('nobody@example.com', 'X'),
    );
  });

  it('answers sign-up with an existing e-mail the same way and mails the owner instead', async () => {
    const email = 'twice@example.com';
    await signUpAndVerify(new TestBrowser(testApp.app, publicUrl, '10.0.1.2'), email);
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.1.2');
    const page = await browser.follow(
      authorizationRequest(publicUrl, portal(), { prompt: 'create' }).url,
    );
    const again = await browser.submit(page, '/signup', {
      email: 'TWICE@example.com',
      firstName: 'Eve',
      lastName: 'Other',
      password: PASSWORD,
    });
    expect(again.body).toContain('Check your e-mail');
    const mail = await waitForMail(outbox, email, { subject: /already have a Waymark account/ });
    expect(mail.text).toContain(`${publicUrl}/`);
  });

  it('limits failed sign-ins of an account from one address with 429 and a clear message, not from others', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.2.1');
    const page = await browser.follow(authorizationRequest(publicUrl, portal()).url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1)
      statuses.push(
        (await browser.submit(page, '/login', { email: 'target@example.com', password: 'guess' }))
          .status,
      );
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await browser.submit(page, '/login', {
      email: 'Target@example.com',
      password: 'guess',
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Issue 9: ten wrong passwords from one address must not lock the account everywhere.
    const elsewhere = new TestBrowser(testApp.app, publicUrl, '10.0.3.1');
    const own = await elsewhere.follow(authorizationRequest(publicUrl, portal()).url);
    const answer = await elsewhere.submit(own, '/login', {
      email: 'target@example.com',
      password: 'guess',
    });
    expect(answer.status).toBe(401);
  });

  it('stops guessing one account from one address, and the owner still signs in from theirs', async () => {
    const email = 'guarded@example.com';
    await signUpAndVerify(new TestBrowser(testApp.app, publicUrl, '10.0.6.1'), email);
    const attacker = new TestBrowser(testApp.app, publicUrl, '10.0.6.66');
    const page = await attacker.follow(authorizationRequest(publicUrl, portal()).url);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await attacker.submit(page, '/login', { email, password: `guess ${attempt}` });
      expect(answer.status).toBe(401);
    }
    // From the attacker's address even the right password is refused: guessing learns nothing.
    for (const password of ['guess 11', PASSWORD]) {
      const limited = await attacker.submit(page, '/login', { email, password });
      expect(limited.status).toBe(429);
    }
    const owner = new TestBrowser(testApp.app, publicUrl, '10.0.6.2');
    const ownPage = await owner.follow(authorizationRequest(publicUrl, portal()).url);
    const signedIn = await owner.submit(ownPage, '/login', { email, password: PASSWORD });
    expect(signedIn.status).toBe(303);
  });

  it('rejects a form without its anti-forgery token', async () => {
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.5.1');
    const page = await browser.follow(authorizationRequest(publicUrl, portal()).url);
    const forged = await browser.submit(page, '/login', {
      email: 'a@example.com',
      password: 'x',
      csrf: 'forged',
    });
    expect(forged.status).toBe(400);
  });
});
