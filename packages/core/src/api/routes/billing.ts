import { z } from 'zod';
import {
  ZCustomerPaymentInfo,
  ZGatewayId,
  ZLicenseInfoDetail,
  ZOneTimeChargeQuery,
  ZOrgPlanInfo,
  ZPaymentConfig,
  ZPaymentHistoryRow,
  ZPendingPaymentAction,
  ZProcessingPayment,
  ZPlanOption,
  ZPurchaseLicense,
  ZRemoveLicense,
  ZSandboxCard,
  ZSavePaymentMethod,
  ZSavePaymentMethodResult,
} from '../../entities/billing';
import { ZId, ZIdParam, ZTimestamp } from '../../entities/ids';
import { defineRoute } from '../define-route';

const orgParams = z.object({ orgId: ZIdParam });

/**
 * spec §7 plan, licence and payment calls (issue 13). Every one is for admins of the organization
 * (spec §6); money fields are dollars (cents / 100), see docs/billing.md.
 */
export const billingRoutes = {
  /** spec §7, §3: the organization's plan, trial end, monthly cost, status and licence counts. */
  getOrgPlanInfo: defineRoute({
    method: 'GET',
    path: '/api/account/getOrgPlanInfo/:orgId',
    tokenScope: 'session',
    summary: "An organization's plan: trial end, monthly cost, status and licenses.",
    tag: 'account',
    params: orgParams,
    response: ZOrgPlanInfo,
  }),
  /** spec §7, §3: the plans the organization can choose, priced at its licence count. */
  getPlanOptions: defineRoute({
    method: 'GET',
    path: '/api/account/getPlanOptions/:orgId',
    tokenScope: 'session',
    summary: 'The plans an organization can choose, with their cost at its license count.',
    tag: 'account',
    params: orgParams,
    response: z.array(ZPlanOption),
  }),
  /**
   * spec §7 `selectPlan/{a}/{b}`: a = orgId, b = planId. From Free: immediate, charged prorated
   * now; during the trial: takes effect at trial end; between paid plans or to Free: the 1st.
   */
  selectPlan: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/account/selectPlan/:orgId/:planId',
    tokenScope: 'session',
    summary: 'Chooses a plan for an organization (when it takes effect: docs/billing.md).',
    tag: 'account',
    params: z.object({ orgId: ZIdParam, planId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: cancels the plan; the organization moves to Free on the 1st (or at trial end). */
  cancelPlan: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/account/cancelPlan/:orgId',
    tokenScope: 'session',
    summary: "Cancels an organization's plan at the end of the month.",
    tag: 'account',
    params: orgParams,
    response: z.string(),
    responseKind: 'text',
  }),
  /**
   * spec §7: licence counts (the teams fields) and the plan they are priced at. Replaces the
   * teams route of issue 12 with a superset of its answer.
   */
  getLicenseInfo: defineRoute({
    method: 'GET',
    path: '/api/account/getLicenseInfo/:orgId',
    tokenScope: 'session',
    summary: "An organization's licenses: assigned, available, total, and their plan.",
    tag: 'account',
    params: orgParams,
    response: ZLicenseInfoDetail,
  }),
  /** spec §7: buys licences; on a paid plan charged prorated now, during the trial free. */
  purchaseLicense: defineRoute({
    method: 'POST',
    path: '/api/account/purchaseLicense',
    tokenScope: 'session',
    summary: 'Buys licenses (prorated one-time charge on a paid plan).',
    tag: 'account',
    body: ZPurchaseLicense,
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: what a licence change would charge now, in dollars as text ("7.60"). */
  calculateOneTimeCharge: defineRoute({
    method: 'POST',
    path: '/api/account/CalculateOneTimeCharge',
    tokenScope: 'session',
    summary: 'The one-time charge a license change would make now, in dollars, as text.',
    tag: 'account',
    body: ZOneTimeChargeQuery,
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: removes unassigned licences; not refunded, the next monthly charge is smaller. */
  removeLicense: defineRoute({
    method: 'POST',
    path: '/api/account/removeLicense',
    tokenScope: 'session',
    summary: 'Removes unassigned licenses (no refund).',
    tag: 'account',
    body: ZRemoveLicense,
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7, §3: the organization's payments, newest first (the portal pages them by 3). */
  getPaymentHistory: defineRoute({
    method: 'GET',
    path: '/api/account/getPaymentHistory/:orgId',
    tokenScope: 'session',
    summary: "An organization's payments, newest first.",
    tag: 'account',
    params: orgParams,
    response: z.array(ZPaymentHistoryRow),
  }),
  /** spec §7, §3: the saved card (brand, last four, expiry); all null without one. */
  retrieveCustomerPaymentMethod: defineRoute({
    method: 'GET',
    path: '/api/stripe/retrieveCustomerPaymentMethod/:orgId',
    tokenScope: 'session',
    summary: "An organization's saved payment method.",
    tag: 'stripe',
    params: orgParams,
    response: ZCustomerPaymentInfo,
  }),
  /** spec §7: detaches the saved payment method whose stripePaymentId is `id`. */
  detachPaymentMethod: defineRoute({
    method: 'POST',
    path: '/api/stripe/detachPaymentMethod/:id',
    tokenScope: 'session',
    summary: 'Removes a saved payment method.',
    tag: 'stripe',
    params: z.object({ id: ZGatewayId }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: saves a payment method created by the card form as the organization's card. */
  savePaymentMethod: defineRoute({
    method: 'POST',
    path: '/api/stripe/savePaymentMethod',
    tokenScope: 'session',
    summary: "Saves a payment method as the organization's card.",
    tag: 'stripe',
    body: ZSavePaymentMethod,
    response: ZSavePaymentMethodResult,
  }),
  /** Which gateway is on and Stripe's publishable key (spec §7: the provider is loaded lazily). */
  getPaymentConfig: defineRoute({
    method: 'GET',
    path: '/api/stripe/getPaymentConfig',
    tokenScope: 'session',
    summary: 'The payment gateway in use and its publishable key.',
    tag: 'stripe',
    response: ZPaymentConfig,
  }),
  /** The sandbox card form: turns card details into a payment method id (pm_sandbox_…). */
  createSandboxPaymentMethod: defineRoute({
    method: 'POST',
    path: '/api/stripe/sandbox/createPaymentMethod',
    tokenScope: 'session',
    summary: 'Sandbox only: creates a test payment method from a card number.',
    tag: 'stripe',
    body: ZSandboxCard,
    response: z.object({ stripePaymentId: z.string() }),
  }),
  /** A charge waiting for the admin to confirm with their bank (3-D Secure); null when none. */
  getPendingPaymentAction: defineRoute({
    method: 'GET',
    path: '/api/stripe/getPendingPaymentAction/:orgId',
    tokenScope: 'session',
    summary: 'A charge that needs the admin to confirm it with their bank.',
    tag: 'stripe',
    params: orgParams,
    response: ZPendingPaymentAction.nullable(),
  }),
  /**
   * Charges whose outcome is not known yet, oldest first (decision 0130): a purchase answered
   * PAYMENT_PROCESSING shows here until the billing job settles it.
   */
  getProcessingPayments: defineRoute({
    method: 'GET',
    path: '/api/stripe/getProcessingPayments/:orgId',
    tokenScope: 'session',
    summary: 'Charges sent to the payment gateway whose outcome is not known yet.',
    tag: 'stripe',
    params: orgParams,
    response: z.array(ZProcessingPayment),
  }),
  /**
   * After the portal ran `stripe.handleNextAction` (or the sandbox's own confirm step): asks the
   * gateway for the charge's outcome and records it. Stripe's webhook records it too; either way once.
   */
  confirmPaymentAction: defineRoute({
    method: 'POST',
    path: '/api/stripe/confirmPaymentAction',
    tokenScope: 'session',
    summary: 'Records the outcome of a charge the admin confirmed with their bank.',
    tag: 'stripe',
    body: z.object({
      orgId: ZId,
      paymentIntentId: ZGatewayId,
      /** Sandbox only: the admin's answer in our own confirm step; ignored with Stripe. */
      approve: z.boolean().optional(),
    }),
    response: z.string(),
    responseKind: 'text',
  }),
};

/**
 * Test-only: runs the billing work due at `now` — for one organization when `orgId` is given (at
 * that time, leaving everyone else's clock alone: e2e specs run side by side on one server), else
 * for all, moving the whole billing clock forward. Registered only when the server runs with
 * `BILLING_TEST_CLOCK=true` (the e2e server); otherwise the path is a 404. Not in the product's
 * route table.
 */
export const billingTestRoutes = {
  setBillingClock: defineRoute({
    method: 'POST',
    path: '/api/testing/billing/setClock',
    tokenScope: 'session',
    summary: 'Test only: runs the billing jobs due at a later time (one org, or all).',
    tag: 'testing',
    body: z.object({ now: ZTimestamp, orgId: ZId.optional() }),
    response: z.object({ now: z.string(), jobsRun: z.number().int() }),
  }),
};
