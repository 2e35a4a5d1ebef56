import { PLAN_IDS } from '@waymark/core';
import type { MatrixRow } from './access-matrix';
import { TEST_CARDS } from './billing-world';

// Issue 13: the plan, licence and payment calls of spec §7, admins only. The matrix orgs are on
// Pro with a sandbox card and free licences (createBillingIds), so each probe is a real change
// that a wrongly allowed call would show in the database snapshot.
const orgParams: MatrixRow['request'] = (ids) => ({ params: { orgId: ids.orgId } });
const adminGet = (path: string): MatrixRow => ({
  method: 'GET',
  path,
  who: 'admin',
  request: orgParams,
});

/** spec §7 billing calls. */
export const BILLING_ROWS: MatrixRow[] = [
  adminGet('/api/account/getOrgPlanInfo/:orgId'),
  adminGet('/api/account/getPlanOptions/:orgId'),
  {
    method: 'GET',
    path: '/api/account/selectPlan/:orgId/:planId',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId, planId: PLAN_IDS.standard } }),
  },
  adminGet('/api/account/cancelPlan/:orgId'),
  adminGet('/api/account/getLicenseInfo/:orgId'),
  {
    method: 'POST',
    path: '/api/account/purchaseLicense',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, purchaseCount: 1, planId: PLAN_IDS.pro } }),
  },
  {
    method: 'POST',
    path: '/api/account/CalculateOneTimeCharge',
    who: 'admin',
    request: (ids) => ({
      body: { orgId: ids.orgId, valueType: '+', licenseChange: 2, planId: PLAN_IDS.pro },
    }),
  },
  {
    method: 'POST',
    path: '/api/account/removeLicense',
    who: 'admin',
    request: (ids) => ({
      body: { orgId: ids.orgId, licenseRemovalCount: 1, planId: PLAN_IDS.pro },
    }),
  },
  adminGet('/api/account/getPaymentHistory/:orgId'),
  adminGet('/api/stripe/retrieveCustomerPaymentMethod/:orgId'),
  {
    method: 'POST',
    path: '/api/stripe/detachPaymentMethod/:id',
    who: 'admin',
    request: (ids) => ({ params: { id: ids.paymentMethodId } }),
  },
  {
    method: 'POST',
    path: '/api/stripe/savePaymentMethod',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, stripePaymentId: ids.paymentMethodId } }),
  },
  { method: 'GET', path: '/api/stripe/getPaymentConfig', who: 'authenticated', outsider: 200 },
  {
    method: 'POST',
    path: '/api/stripe/sandbox/createPaymentMethod',
    who: 'admin',
    request: (ids) => ({
      body: {
        orgId: ids.orgId,
        cardNumber: TEST_CARDS.visa,
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      },
    }),
  },
  adminGet('/api/stripe/getPendingPaymentAction/:orgId'),
  adminGet('/api/stripe/getProcessingPayments/:orgId'),
  {
    method: 'POST',
    path: '/api/stripe/confirmPaymentAction',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, paymentIntentId: ids.paymentIntentId } }),
  },
];
