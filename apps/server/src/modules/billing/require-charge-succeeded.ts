import { AppError, CARD_DECLINED_MESSAGE } from '@waymark/core';
import {
  PAYMENT_LAPSED,
  PAYMENT_NEEDS_CONFIRMATION,
  PAYMENT_PROCESSING_MESSAGE,
} from './billing-messages';
import type { ChargeRow } from './ledger';

/**
 * An admin's request answers as its charge stands: succeeded returns the row; a decline is 402
 * PAYMENT_FAILED with the gateway's words; 3-D Secure 402 PAYMENT_ACTION_REQUIRED; an outcome not
 * known yet 402 PAYMENT_PROCESSING (decision 0128); a charge whose 3-D Secure was given up 402
 * PAYMENT_FAILED (nothing was taken).
 */
export function requireChargeSucceeded(row: ChargeRow): ChargeRow {
  switch (row.status) {
    case 'succeeded':
      return row;
    case 'failed':
      throw new AppError('PAYMENT_FAILED', row.failureMessage ?? CARD_DECLINED_MESSAGE);
    case 'requires_action':
      throw new AppError('PAYMENT_ACTION_REQUIRED', PAYMENT_NEEDS_CONFIRMATION);
    case 'canceling':
    case 'canceled':
      throw new AppError('PAYMENT_FAILED', PAYMENT_LAPSED);
    default:
      throw new AppError('PAYMENT_PROCESSING', PAYMENT_PROCESSING_MESSAGE);
  }
}
