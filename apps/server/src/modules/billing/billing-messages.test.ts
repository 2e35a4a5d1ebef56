import { describe, expect, it } from 'vitest';
import { upgradedMessage } from './billing-messages';

describe('upgradedMessage', () => {
  it('says what the card was charged, with the credit used, or that nothing was', () => {
    expect(upgradedMessage('Pro', { chargedCents: 450, creditAppliedCents: 0 }, 'June 2026')).toBe(
      'Your organization is now on the Pro plan. Charged $4.50 for the rest of June 2026.',
    );
    expect(
      upgradedMessage('Pro', { chargedCents: 250, creditAppliedCents: 200 }, 'June 2026'),
    ).toBe(
      'Your organization is now on the Pro plan. Charged $2.50 (after $2 of credit) for the rest of June 2026.',
    );
    expect(upgradedMessage('Basic', { chargedCents: 0, creditAppliedCents: 0 }, 'March 2026')).toBe(
      'Your organization is now on the Basic plan. Nothing is charged for the rest of March 2026: the amount is under $0.50.',
    );
  });
});
