import { PLAN_IDS } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../db/client';
import { notifyAdmins } from './billing-notices';
import { noticeLateOutcome } from './late-outcome-notice';
import type { ChargeRow } from './ledger';

vi.mock('./billing-notices', () => ({ notifyAdmins: vi.fn() }));
const notify = vi.mocked(notifyAdmins);

const tx = {} as DbOrTx;
const deps = { mailer: {} as never, publicUrl: 'https://waymark.test' };
const purchase = {
  orgId: 7,
  purpose: 'purchase-2',
  status: 'succeeded',
  chargedCents: 1250,
  licenseDelta: 2,
  planId: PLAN_IDS.pro,
  description: '2 × Pro license, rest of March',
  failureMessage: null,
} as ChargeRow;
const told = async (row: Partial<ChargeRow>) => {
  notify.mockClear();
  await noticeLateOutcome(tx, deps, { ...purchase, ...row });
  const input = notify.mock.calls[0]?.[2];
  return input && [input.subject, ...input.paragraphs];
};

// Decision 0130: what the admins read when an outcome came after its request stopped waiting.
describe('noticeLateOutcome', () => {
  beforeEach(() => notify.mockReset());

  it('says what a purchase and an upgrade that went through did', async () => {
    expect(await told({})).toEqual([
      'Your Waymark payment went through',
      'We charged $12.50 for 2 × Pro license, rest of March.',
      '2 licenses were added to your organization.',
    ]);
    expect(
      await told({ purpose: 'upgrade-1', licenseDelta: 0, description: '1 × Pro, rest of March' }),
    ).toEqual([
      'Your Waymark payment went through',
      'We charged $12.50 for 1 × Pro, rest of March.',
      'Your organization is now on the Pro plan.',
    ]);
  });

  it('says a decline changed nothing, in the bank’s words, and a 3-D Secure request where to confirm', async () => {
    expect(
      await told({ status: 'failed', failureMessage: 'Your card has insufficient funds.' }),
    ).toEqual([
      'Your Waymark payment did not go through',
      'We could not charge $12.50 for 2 × Pro license, rest of March: Your card has insufficient funds.',
      'No licenses were added. You can buy them again on your Account page.',
    ]);
    expect((await told({ purpose: 'upgrade-1', status: 'failed' }))?.[2]).toBe(
      'Your plan has not changed. You can choose it again on your Account page.',
    );
    expect(await told({ status: 'requires_action' })).toEqual([
      'Confirm your Waymark payment',
      'Your bank asks you to confirm the payment of $12.50 for 2 × Pro license, rest of March. Open your Account page to confirm it.',
    ]);
  });

  it('tells nothing of a recurring charge or one still pending', async () => {
    expect(await told({ purpose: 'monthly', status: 'failed' })).toBeUndefined();
    expect(await told({ status: 'pending' })).toBeUndefined();
  });
});
