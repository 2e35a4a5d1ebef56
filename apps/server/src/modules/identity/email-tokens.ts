import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { idpEmailTokens } from '../../db/schema';
import type { Clock } from './identity-deps';

/** What an e-mail link is for. */
export type EmailTokenPurpose = 'verify-email' | 'reset-password';

/** How long each kind of link works. */
export const EMAIL_TOKEN_TTL_SECONDS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
};

// Only the hash is stored: a database leak does not hand out working links.
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Creates a single-use, expiring token for an e-mail link: 256 random bits, of which the database
 * keeps only a hash.
 *
 * @returns the token to put in the link.
 */
export async function issueEmailToken(
  { db, clock }: { db: DbOrTx; clock: Clock },
  input: { accountId: number; purpose: EmailTokenPurpose },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(clock.now().getTime() + EMAIL_TOKEN_TTL_SECONDS[input.purpose] * 1000);
  await db.insert(idpEmailTokens).values({
    tokenHash: hashToken(token),
    purpose: input.purpose,
    accountId: input.accountId,
    expiresAt,
  });
  return token;
}

/** The account a live (unused, unexpired) token belongs to, without using it up. */
export async function peekEmailToken(
  { db, clock }: { db: Db; clock: Clock },
  input: { token: string; purpose: EmailTokenPurpose },
): Promise<number | undefined> {
  const [row] = await db
    .select({ accountId: idpEmailTokens.accountId })
    .from(idpEmailTokens)
    .where(liveToken(input.token, input.purpose, clock.now()));
  return row?.accountId;
}

/**
 * Uses up a live token, and with it every other token of the same purpose for that account.
 *
 * @returns the account id, or `undefined` when the token is unknown, used or expired.
 */
export async function consumeEmailToken(
  { db, clock }: { db: DbOrTx; clock: Clock },
  input: { token: string; purpose: EmailTokenPurpose },
): Promise<number | undefined> {
  const now = clock.now();
  const [row] = await db
    .update(idpEmailTokens)
    .set({ consumedAt: now })
    .where(liveToken(input.token, input.purpose, now))
    .returning({ accountId: idpEmailTokens.accountId });
  if (!row) return undefined;
  await db
    .update(idpEmailTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(idpEmailTokens.accountId, row.accountId),
        eq(idpEmailTokens.purpose, input.purpose),
        isNull(idpEmailTokens.consumedAt),
      ),
    );
  return row.accountId;
}

/** Deletes tokens that expired more than a day ago. */
export async function purgeEmailTokens({ db, clock }: { db: Db; clock: Clock }): Promise<void> {
  await db
    .delete(idpEmailTokens)
    .where(lt(idpEmailTokens.expiresAt, new Date(clock.now().getTime() - 86_400_000)));
}

function liveToken(token: string, purpose: EmailTokenPurpose, now: Date) {
  return and(
    eq(idpEmailTokens.tokenHash, hashToken(token)),
    eq(idpEmailTokens.purpose, purpose),
    isNull(idpEmailTokens.consumedAt),
    gt(idpEmailTokens.expiresAt, now),
  );
}
