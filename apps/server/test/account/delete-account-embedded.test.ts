import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { idpAccounts, users } from '../../src/db/schema';
import { PORTAL_CALLBACK_PATH, PORTAL_CLIENT_ID } from '../../src/modules/identity/clients';
import { buildTestApp, type TestApp } from '../support/helper';
import { codeFrom, postToken, signUpByMail, TestBrowser } from '../support/identity-browser';

// Issue 33 with the embedded provider: the deletion is confirmed by the current password, and the
// account's access tokens are refused from their next call on every copy (the session check).
let testApp: TestApp;
let copy2: FastifyInstance;
beforeAll(async () => {
  testApp = await buildTestApp();
  copy2 = await buildApp({ config: testApp.config, db: testApp.db, logger: testApp.app.log });
  await copy2.ready();
});
afterAll(async () => {
  await copy2.close();
  await testApp.close();
});

/** Signs a new person up at /idp and answers their API access token's header. */
async function signedUp(email: string, password: string): Promise<{ authorization: string }> {
  const { publicUrl, dataDir } = testApp.config;
  const browser = new TestBrowser(testApp.app, publicUrl, '10.0.0.33');
  const { callback, verifier } = await signUpByMail(browser, {
    publicUrl,
    outbox: path.join(dataDir, 'mail'),
    email,
    password,
  });
  const token = await postToken(testApp.app, {
    grant_type: 'authorization_code',
    code: codeFrom(callback),
    client_id: PORTAL_CLIENT_ID,
    redirect_uri: `${publicUrl}${PORTAL_CALLBACK_PATH}`,
    code_verifier: verifier,
  });
  return { authorization: `Bearer ${String(token.json.access_token)}` };
}

const call = (app: FastifyInstance, headers: { authorization: string }, confirmation?: string) =>
  app.inject(
    confirmation === undefined
      ? { method: 'GET', url: '/api/account/getOrgs', headers }
      : { method: 'POST', url: '/api/account/deleteAccount', headers, payload: { confirmation } },
  );

describe('deleting my account with the embedded provider', () => {
  it('needs the current password, then removes the provider account and refuses its token on every copy', async () => {
    const headers = await signedUp('erin@example.com', 'correct horse battery');
    expect([
      (await call(testApp.app, headers)).statusCode,
      (await call(copy2, headers)).statusCode,
    ]).toEqual([200, 200]);

    const wrong = await call(testApp.app, headers, 'erin@example.com');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'That password is not correct. Enter your current password to delete your account.',
    });
    const [account] = await testApp.db
      .select()
      .from(idpAccounts)
      .where(sql`lower(${idpAccounts.email}) = 'erin@example.com'`);
    expect(account).toBeDefined();

    const done = await call(copy2, headers, 'correct horse battery');
    expect(done.statusCode, done.body).toBe(200);
    expect(
      await testApp.db
        .select()
        .from(idpAccounts)
        .where(eq(idpAccounts.id, account?.id ?? 0)),
    ).toEqual([]);
    const sessions = await testApp.db.execute<{ n: number }>(
      sql`select count(*)::int as n from idp_models where payload->>'accountId' = ${String(account?.id)}`,
    );
    expect(sessions.rows[0]?.n).toBe(0);
    const [tombstone] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.subject, `deleted:${await tombstoneId()}`));
    expect(tombstone).toMatchObject({ email: '', firstName: 'Former', lastName: 'member' });

    // The token was still valid for minutes: both copies refuse it as soon as the change feed
    // reaches them (milliseconds; polled so a loaded machine's delivery delay is no failure).
    for (const app of [testApp.app, copy2])
      await expect
        .poll(async () => (await call(app, headers)).statusCode, { timeout: 2000 })
        .toBe(401);
  });

  it('stops guessing: the sixth wrong password in 15 minutes is refused with 429', async () => {
    const headers = await signedUp('finn@example.com', 'correct horse battery');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await call(testApp.app, headers, `guess ${attempt}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits now; the account is still there.
    expect((await call(testApp.app, headers, 'correct horse battery')).statusCode).toBe(429);
    expect((await call(testApp.app, headers)).statusCode).toBe(200);
  });
});

async function tombstoneId(): Promise<number> {
  const result = await testApp.db.execute<{ id: number }>(
    sql`select id from users where deleted_at is not null order by id desc limit 1`,
  );
  return Number(result.rows[0]?.id);
}
