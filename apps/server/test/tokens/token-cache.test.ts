import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenAuthenticator } from '../../src/modules/tokens/index';
import { startAuthTestApp, type AuthTestContext } from '../support/auth-test-app';
import { logStatements } from '../support/statement-log';
import { createPat } from './token-world';

// Decision 0134: made-up `wmk_` secrets are remembered apart from the tokens, so a stream of them
// never evicts a real token (each evicted token would cost a database read again).

const MAX_TOKENS = 10;
let t: AuthTestContext;

beforeAll(async () => {
  t = await startAuthTestApp();
});
afterAll(async () => {
  await t.close();
});

const madeUp = () => `wmk_pat_${randomBytes(32).toString('base64url')}`;

/** The reads of `api_tokens` that `run` sends. */
async function tokenReads(run: () => Promise<unknown>): Promise<number> {
  const { statements } = await logStatements(t.db, run);
  return statements.filter((s) => /^select\b[\s\S]*"api_tokens"/i.test(s.text)).length;
}

describe('the token cache', () => {
  it('keeps a real token through a stream of made-up secrets, and answers repeats from memory', async () => {
    const admin = await t.signIn();
    const secret = (await createPat(t, admin, ['items:read'])).authorization.slice(
      'Bearer '.length,
    );
    const tokens = createApiTokenAuthenticator({
      db: t.db,
      changes: t.app.changes,
      onTouchError: (error) => {
        throw error;
      },
      maxTokens: MAX_TOKENS,
    });
    // Its first use writes last_used_at, whose change forgets it once: settle that first.
    await tokens.verify(secret);
    await t.app.changes.sync();
    await tokens.verify(secret);
    expect(await tokenReads(() => tokens.verify(secret))).toBe(0);
    const flood = Array.from({ length: MAX_TOKENS * 5 }, madeUp);
    for (const fake of flood)
      await expect(tokens.verify(fake)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await tokenReads(() => tokens.verify(secret))).toBe(0);
    // A made-up secret sent again is refused without a read.
    const again = flood.at(-1) ?? '';
    expect(await tokenReads(() => tokens.verify(again).catch(() => undefined))).toBe(0);
  });
});
