import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { buildTestApp, type TestApp } from '../support/helper';
import { codeFrom, postToken, signUpByMail, TestBrowser } from '../support/identity-browser';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('the API with the embedded provider, end to end', () => {
  it('accepts the access token of a user who signed up at /idp, provisions them, and lets them create an organization', async () => {
    const { publicUrl, dataDir } = testApp.config;
    const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.9');
    const { callback, verifier } = await signUpByMail(browser, {
      publicUrl,
      outbox: path.join(dataDir, 'mail'),
      email: 'ann.api@example.com',
      password: 'correct horse battery',
    });
    const token = await postToken(testApp.app, {
      grant_type: 'authorization_code',
      code: codeFrom(callback),
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
      code_verifier: verifier,
    });
    const headers = { authorization: `Bearer ${String(token.json.access_token)}` };

    const orgs = await testApp.app.inject({ method: 'GET', url: '/api/account/getOrgs', headers });
    expect(orgs.statusCode).toBe(200);
    expect(orgs.json()).toEqual([]);
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/createOrgExistingUser',
      headers,
    });
    expect(created.body).toBe('Organization created successfully.');
    const after = await testApp.app.inject({ method: 'GET', url: '/api/account/getOrgs', headers });
    expect(after.json()).toEqual([
      expect.objectContaining({ orgName: '', orgAccessLevelDescription: 'Owner' }),
    ]);

    // The ID token is for the portal, not the API: its audience is the client id.
    const idToken = await testApp.app.inject({
      method: 'GET',
      url: '/api/account/getOrgs',
      headers: { authorization: `Bearer ${String(token.json.id_token)}` },
    });
    expect(idToken.statusCode).toBe(401);
  });
});
