import { AppError, CARD_DECLINED_MESSAGE } from '@waymark/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptCharge } from './attempt-charge';
import type { BillingDeps } from './billing-deps';
import { PAYMENT_NEEDS_CONFIRMATION, PAYMENT_PROCESSING_MESSAGE } from './billing-messages';
import type { ChargeRow } from './ledger';
import { settleRequestCharge } from './settle-request-charge';

vi.mock('./attempt-charge', () => ({ attemptCharge: vi.fn() }));
const attempt = vi.mocked(attemptCharge);

const deps = {} as BillingDeps;
const row = { id: 7, status: 'pending', failureMessage: null } as ChargeRow;
const settledAs = (status: ChargeRow['status'], failureMessage: string | null = null) =>
  attempt.mockResolvedValueOnce({ ...row, status, failureMessage });
const answerOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'settled',
    (error: unknown) =>
      error instanceof AppError ? [error.code, error.statusCode, error.message] : error,
  );

describe('settleRequestCharge', () => {
  beforeEach(() => attempt.mockReset());

  it('returns the charge the gateway settled', async () => {
    settledAs('succeeded');
    expect(await answerOf(settleRequestCharge(deps, row))).toBe('settled');
  });

  it('answers a decline with the gateway words, and 3-D Secure as an action to take', async () => {
    settledAs('failed', 'Your card has insufficient funds.');
    expect(await answerOf(settleRequestCharge(deps, row))).toEqual([
      'PAYMENT_FAILED',
      402,
      'Your card has insufficient funds.',
    ]);
    settledAs('failed');
    expect(await answerOf(settleRequestCharge(deps, row))).toEqual([
      'PAYMENT_FAILED',
      402,
      CARD_DECLINED_MESSAGE,
    ]);
    settledAs('requires_action');
    expect(await answerOf(settleRequestCharge(deps, row))).toEqual([
      'PAYMENT_ACTION_REQUIRED',
      402,
      PAYMENT_NEEDS_CONFIRMATION,
    ]);
  });

  // Decision 0128: the job will still charge a pending row; "failed, try again" made a second.
  it.each([
    ['the gateway did not answer', new Error('connect ECONNREFUSED')],
    [
      'the answer could not be recorded (a deadlock after the charge)',
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    ],
  ])('answers "being processed", never "failed", when %s', async (_case, thrown) => {
    attempt.mockRejectedValueOnce(thrown);
    const answer = settleRequestCharge(deps, row);
    expect(await answerOf(answer)).toEqual(['PAYMENT_PROCESSING', 402, PAYMENT_PROCESSING_MESSAGE]);
    attempt.mockRejectedValueOnce(thrown);
    expect(await settleRequestCharge(deps, row).catch((error: Error) => error.cause)).toBe(thrown);
  });

  it('answers "being processed" for a row another recorder left pending', async () => {
    settledAs('pending');
    expect(await answerOf(settleRequestCharge(deps, row))).toEqual([
      'PAYMENT_PROCESSING',
      402,
      PAYMENT_PROCESSING_MESSAGE,
    ]);
  });

  it('answers "being processed" for the pool busy after the charge, not "try again"', async () => {
    attempt.mockRejectedValueOnce(
      new AppError('UNAVAILABLE', 'The server is busy. Try again in a moment.'),
    );
    expect(await answerOf(settleRequestCharge(deps, row))).toEqual([
      'PAYMENT_PROCESSING',
      402,
      PAYMENT_PROCESSING_MESSAGE,
    ]);
  });
});
