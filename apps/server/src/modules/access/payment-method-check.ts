import { AppError } from '@waymark/core';
import { eq } from 'drizzle-orm';
import { billingAccounts } from '../../db/schema';
import { readText, type IdSource } from '../../http/access-rules';
import { PAYMENT_METHOD_NOT_FOUND } from './access-messages';
import { assertAdminOfOwner } from './assert-admin-of-owner';
import type { OrgCheck } from './closed-org-check';

/**
 * The pre-handler of the `paymentMethodAdmin` rule: the caller must be an active admin of the
 * organization whose saved card is at `idFrom`; another organization's card, or none, is 404.
 */
export function paymentMethodCheck(idFrom: IdSource): OrgCheck {
  return async (request) => {
    const id = readText(request, idFrom);
    if (id === null) throw new AppError('NOT_FOUND', PAYMENT_METHOD_NOT_FOUND);
    const where = eq(billingAccounts.paymentMethodId, id);
    const owner = { table: billingAccounts, orgId: billingAccounts.orgId, where };
    return assertAdminOfOwner(request, owner, PAYMENT_METHOD_NOT_FOUND);
  };
}
