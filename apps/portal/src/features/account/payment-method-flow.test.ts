import { AppError } from '@waymark/core';
import { describe, expect, it, vi } from 'vitest';
import {
  CARD_ELEMENT_MISSING_MESSAGE,
  CREATE_PAYMENT_METHOD_FAILED_MESSAGE,
  PROCESS_PAYMENT_METHOD_FAILED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './account-messages';
import { addPaymentMethod, type PaymentMethodSteps } from './payment-method-flow';

function steps(overrides: Partial<PaymentMethodSteps> = {}): PaymentMethodSteps {
  return {
    isReady: true,
    validate: () => Promise.resolve(null),
    create: () => Promise.resolve({ id: 'pm_1' }),
    save: vi.fn(() => Promise.resolve('Saved')),
    ...overrides,
  };
}

describe('addPaymentMethod (spec §8 payment dialog)', () => {
  it('creates, then saves the new payment method', async () => {
    const save = vi.fn(() => Promise.resolve('Saved'));
    expect(await addPaymentMethod(steps({ save }))).toEqual({ ok: true, stripePaymentId: 'pm_1' });
    expect(save).toHaveBeenCalledWith('pm_1');
  });

  it('says the card entry element is not defined, before anything else', async () => {
    const validate = vi.fn(() => Promise.resolve(null));
    expect(await addPaymentMethod(steps({ isReady: false, validate }))).toEqual({
      ok: false,
      message: CARD_ELEMENT_MISSING_MESSAGE,
    });
    expect(validate).not.toHaveBeenCalled();
  });

  it('shows a validation error its own message, else "An unexpected error occurred."', async () => {
    const save = vi.fn();
    const invalid = (message?: string) => () => Promise.resolve({ message });
    expect(
      await addPaymentMethod(steps({ validate: invalid('Your card number is incomplete.'), save })),
    ).toEqual({ ok: false, message: 'Your card number is incomplete.' });
    expect(await addPaymentMethod(steps({ validate: invalid() }))).toEqual({
      ok: false,
      message: UNEXPECTED_ERROR_MESSAGE,
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('keeps the reason under the creation and processing failures', async () => {
    expect(
      await addPaymentMethod(
        steps({ create: () => Promise.resolve({ error: { message: 'Card number is invalid.' } }) }),
      ),
    ).toEqual({
      ok: false,
      message: CREATE_PAYMENT_METHOD_FAILED_MESSAGE,
      detail: 'Card number is invalid.',
    });
    expect(
      await addPaymentMethod(steps({ create: () => Promise.reject(new Error('')) })),
    ).toMatchObject({ ok: false, message: CREATE_PAYMENT_METHOD_FAILED_MESSAGE });
    expect(
      await addPaymentMethod(
        steps({
          save: () => Promise.reject(new AppError('BAD_REQUEST', 'Your card was declined.')),
        }),
      ),
    ).toEqual({
      ok: false,
      message: PROCESS_PAYMENT_METHOD_FAILED_MESSAGE,
      detail: 'Your card was declined.',
    });
  });
});
