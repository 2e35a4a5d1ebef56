import path from 'node:path';
import { EXTENSION_ID } from '@waymark/core';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { EXTENSION_CLIENT_ID, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { rotateSigningKey } from '../../src/modules/identity/keys';
import { buildTestApp, type TestApp } from '../support/helper';
import { codeFrom, postToken, signUpByMail, TestBrowser } from '../support/identity-browser';

let testApp: TestApp;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  for (const app of others) await app.close();
  await testApp.close();
});

/** Another server process on the same database. */
async function anotherInstance(): Promise<FastifyInstance> {
  const app = await buildApp({ config: testApp.config, db: testApp.db });
  await app.ready();
  others.push(app);
  return app;
}

async function jwksOf(app: FastifyInstance): Promise<JSONWebKeySet> {
  return (await app.inject({ url: '/idp/jwks' })).json<JSONWebKeySet>();
}

async function accessTokenFrom(app: FastifyInstance, email: string): Promise<string> {
  const { publicUrl, dataDir } = testApp.config;
  const browser = new TestBrowser(app, publicUrl, '10.2.0.1');
  const { callback, verifier } = await signUpByMail(browser, {
    publicUrl,
    outbox: path.join(dataDir, 'mail'),
    email,
    password: 'key test password',
  });
  const token = await postToken(app, {
    grant_type: 'authorization_code',
    code: codeFrom(callback),
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: `${publicUrl}/client/auth/callback`,
    code_verifier: verifier,
  });
  return String(token.json.access_token);
}

describe('signing keys', () => {
  it('are generated once and shared by every instance on the same database', async () => {
    const second = await anotherInstance();
    const first = await jwksOf(testApp.app);
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).not.toHaveProperty('d');
    expect(await jwksOf(second)).toEqual(first);
    const token = await accessTokenFrom(testApp.app, 'keys.one@example.com');
    const verified = await jwtVerify(token, createLocalJWKSet(await jwksOf(second)));
    expect(verified.protectedHeader.kid).toBe(first.keys[0]?.kid);
  });

  it('rotate: the new key signs on the next start while the old one stays published', async () => {
    const oldKid = (await jwksOf(testApp.app)).keys[0]?.kid;
    const newKid = await rotateSigningKey({ db: testApp.db, clock: { now: () => new Date() } });
    const restarted = await anotherInstance();
    const kids = (await jwksOf(restarted)).keys.map((key) => key.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));
    const token = await accessTokenFrom(restarted, 'keys.two@example.com');
    expect(decodeProtectedHeader(token).kid).toBe(newKid);
  });
});

describe('CORS of the token endpoint', () => {
  const preflight = (origin: string) =>
    testApp.app.inject({
      method: 'OPTIONS',
      url: '/idp/token',
      headers: { origin, 'access-control-request-method': 'POST' },
    });

  it('allows the extension origin and the portal origin', async () => {
    const extensionOrigin = `chrome-extension://${EXTENSION_ID}`;
    const answer = await preflight(extensionOrigin);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(extensionOrigin);

    const refused = await postToken(
      testApp.app,
      { grant_type: 'refresh_token', refresh_token: 'x', client_id: EXTENSION_CLIENT_ID },
      extensionOrigin,
    );
    expect(refused.headers['access-control-allow-origin']).toBe(extensionOrigin);
    expect(refused.json.error).toBe('invalid_grant');
  });

  it('rejects other origins, including another extension', async () => {
    for (const origin of ['https://evil.example', `chrome-extension://${'b'.repeat(32)}`]) {
      const answer = await postToken(
        testApp.app,
        { grant_type: 'refresh_token', refresh_token: 'x', client_id: EXTENSION_CLIENT_ID },
        origin,
      );
      expect(answer.status).toBe(400);
      expect(String(answer.json.error_description)).toContain('not allowed');
    }
    const portalOriginForExtension = await postToken(
      testApp.app,
      { grant_type: 'refresh_token', refresh_token: 'x', client_id: EXTENSION_CLIENT_ID },
      new URL(testApp.config.publicUrl).origin,
    );
    expect(portalOriginForExtension.status).toBe(400);
  });
});
