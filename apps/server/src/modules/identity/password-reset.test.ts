import { beforeEach, describe, expect, it, vi } from 'vitest';
import { peekEmailToken } from './email-tokens';
import type { IdentityDeps } from './identity-deps';
import { hashPassword } from './password';
import { resetPassword } from './password-reset';

vi.mock('./email-tokens', () => ({ peekEmailToken: vi.fn(), consumeEmailToken: vi.fn() }));
vi.mock('./password', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  hashPassword: vi.fn(),
}));

const deps = { db: {}, clock: { now: () => new Date() } } as unknown as Pick<
  IdentityDeps,
  'db' | 'clock' | 'changes'
>;

// Decision 0133: the reset form needs no account and has no limit; a made-up token must not buy
// a scrypt hash (32 MiB and a thread of the pool each).
describe('resetPassword', () => {
  beforeEach(() => vi.clearAllMocks());

  it('refuses an unknown link before hashing the password', async () => {
    vi.mocked(peekEmailToken).mockResolvedValueOnce(undefined);
    expect(
      await resetPassword(deps, { token: 'made-up', password: 'a long new password' }),
    ).toEqual({ kind: 'invalid-link' });
    expect(hashPassword).not.toHaveBeenCalled();
  });
});
