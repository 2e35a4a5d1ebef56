import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailBudgetCounters } from '../../src/db/schema';
import { purgeMailBudgets, spendMailBudget } from '../../src/modules/mail/spend-mail-budget';
import { createTestDatabase, type TestDatabase } from '../support/helper';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const at = (iso: string) => ({ now: () => new Date(iso) });

describe('mail budget counters (decision 0137)', () => {
  it('keeps a day until it ended more than a day ago, and a new day starts from nothing', async () => {
    const { db } = database;
    const budget = { orgId: 7, kind: 'invitation' as const, perDay: 1 };
    for (const day of ['2026-03-08', '2026-03-09', '2026-03-10'])
      expect(await spendMailBudget({ tx: db, clock: at(`${day}T10:00:00Z`) }, budget)).toEqual({
        isSpent: false,
      });
    expect(await spendMailBudget({ tx: db, clock: at('2026-03-10T22:00:00Z') }, budget)).toEqual({
      isSpent: true,
      retryAfterSeconds: 2 * 3600,
    });

    await purgeMailBudgets({ db, clock: at('2026-03-10T23:00:00Z') });
    const days = await db
      .select({ windowStart: mailBudgetCounters.windowStart })
      .from(mailBudgetCounters)
      .orderBy(mailBudgetCounters.windowStart);
    // March 8 ended on the 9th at midnight, more than a day before; March 9 ended less than a day ago.
    expect(days.map((row) => row.windowStart.toISOString().slice(0, 10))).toEqual([
      '2026-03-09',
      '2026-03-10',
    ]);
  });
});
