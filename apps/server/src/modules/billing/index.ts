// The billing module's public file (issue 13): plans, trial, licences, payments, the ledger and
// its jobs. docs/billing.md has every rule and decision.
import { AppError, billingTestRoutes, routes } from '@waymark/core';
import {
  billingAccounts,
  billingCardClaims,
  billingCharges,
  billingRequestKeys,
  sandboxPaymentMethods,
  sandboxPayments,
} from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, paymentMethodAdmin } from '../access/index';
import { auditContext } from '../audit/index';
import { defineModule, type AppModule } from '../module';
import type { BillingDeps } from './billing-deps';
import { defineBillingJobs } from './billing-jobs';
import { SANDBOX_ONLY } from './billing-messages';
import { createMovableClock } from './billing-clock';
import { calculateOneTimeCharge } from './calculate-one-time-charge';
import { cancelPlan } from './cancel-plan';
import { getLicenseInfo } from './get-license-info';
import { getOrgPlanInfo } from './get-org-plan-info';
import { getPaymentHistory } from './get-payment-history';
import { getPlanOptions } from './get-plan-options';
import { isSandboxGateway, isStripeGateway } from './gateway/gateway-kinds';
import { confirmPaymentAction } from './confirm-payment-action';
import { detachPaymentMethod, orgOfPaymentMethod } from './detach-payment-method';
import { getPendingPaymentAction } from './get-pending-payment-action';
import { getProcessingPayments } from './get-processing-payments';
import { retrieveCustomerPaymentMethod } from './retrieve-customer-payment-method';
import { savePaymentMethod } from './save-payment-method';
import { purchaseLicense } from './purchase-license';
import { removeLicense } from './remove-license';
import { processOrgLocked, runDueBilling } from './run-due-billing';
import { selectPlan } from './select-plan';
import { registerStripeWebhook } from './stripe-webhook';

export { createPaymentGateway } from './gateway/create-gateway';
export type { PaymentGateway } from './gateway/payment-gateway';
export { defineBillingClosing, type EndBillingAtClosing } from './end-billing-at-closing';
export { moveToFree } from './move-to-free';
export { notifyAdmins } from './billing-notices';
export { formatDay } from './billing-messages';

const PAYMENT_ERRORS = [
  'PAYMENT_FAILED',
  'PAYMENT_ACTION_REQUIRED',
  'PAYMENT_PROCESSING',
  'CONFLICT',
  'PLAN_LIMIT',
] as const;

/** spec §7 plan, licence and payment calls (issue 13); admins only (spec §6). docs/billing.md. */
const registerBilling: AppModule = (app, deps) => {
  const { db, jobs, mailer, config, gateway } = deps;
  const movableClock = config.billing.testClock ? createMovableClock(deps.clock) : null;
  const clock = movableClock ?? deps.clock;
  const billing: BillingDeps = { db, clock, gateway, mailer, publicUrl: config.publicUrl };
  const admin = (orgIdFrom: 'params.orgId' | 'body.orgId') => orgAdmin({ orgIdFrom });
  // Under the test clock the e2e runs billing itself, organization by organization and ahead of
  // real time; the schedule on the real clock would bill those organizations for a month they
  // already left (docs/billing.md "Test clock").
  if (!movableClock) defineBillingJobs(jobs, billing);

  registerRoute(app, routes.getOrgPlanInfo, {
    access: admin('params.orgId'),
    handler: async ({ params }) => getOrgPlanInfo(billing, params),
  });
  registerRoute(app, routes.getPlanOptions, {
    access: admin('params.orgId'),
    handler: async ({ params }) => getPlanOptions(billing, params),
  });
  registerRoute(app, routes.selectPlan, {
    access: admin('params.orgId'),
    errors: [...PAYMENT_ERRORS],
    handler: async (request) => selectPlan(billing, request.params, auditContext(request)),
  });
  registerRoute(app, routes.cancelPlan, {
    access: admin('params.orgId'),
    errors: ['CONFLICT'],
    handler: async (request) => cancelPlan(billing, request.params, auditContext(request)),
  });
  registerRoute(app, routes.getLicenseInfo, {
    access: admin('params.orgId'),
    handler: async ({ params }) => getLicenseInfo(billing, params),
  });
  registerRoute(app, routes.purchaseLicense, {
    access: admin('body.orgId'),
    errors: [...PAYMENT_ERRORS],
    handler: async (request) => purchaseLicense(billing, request.body, auditContext(request)),
  });
  registerRoute(app, routes.calculateOneTimeCharge, {
    access: admin('body.orgId'),
    allowWhileClosed: true, // issue 33: only reads
    handler: async ({ body }) => calculateOneTimeCharge(billing, body),
  });
  registerRoute(app, routes.removeLicense, {
    access: admin('body.orgId'),
    errors: ['CONFLICT', 'PLAN_LIMIT'],
    handler: async (request) => removeLicense(billing, request.body, auditContext(request)),
  });
  registerRoute(app, routes.getPaymentHistory, {
    access: admin('params.orgId'),
    handler: async ({ params }) => getPaymentHistory(billing, params),
  });
  registerRoute(app, routes.retrieveCustomerPaymentMethod, {
    access: admin('params.orgId'),
    handler: async ({ params }) => retrieveCustomerPaymentMethod(billing, params),
  });
  registerRoute(app, routes.detachPaymentMethod, {
    // The path names only the card: the rule checks the caller against its organization.
    access: paymentMethodAdmin('params.id'),
    handler: async (request) =>
      detachPaymentMethod(
        billing,
        {
          orgId: await orgOfPaymentMethod(db, request.params.id),
          paymentMethodId: request.params.id,
        },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.savePaymentMethod, {
    access: admin('body.orgId'),
    errors: ['PAYMENT_FAILED'],
    handler: async (request) => savePaymentMethod(billing, request.body, auditContext(request)),
  });
  registerRoute(app, routes.getPaymentConfig, {
    access: 'authenticated',
    handler: () => ({ gateway: gateway.kind, publishableKey: gateway.publishableKey }),
  });
  registerRoute(app, routes.createSandboxPaymentMethod, {
    access: admin('body.orgId'),
    errors: ['CONFLICT'],
    handler: async ({ body }) => {
      if (!isSandboxGateway(gateway)) throw new AppError('CONFLICT', SANDBOX_ONLY);
      return { stripePaymentId: await gateway.createPaymentMethod(body) };
    },
  });
  registerRoute(app, routes.getPendingPaymentAction, {
    access: admin('params.orgId'),
    handler: async ({ params }) => getPendingPaymentAction(billing, params),
  });
  registerRoute(app, routes.getProcessingPayments, {
    access: admin('params.orgId'),
    handler: async ({ params }) => getProcessingPayments(billing, params),
  });
  registerRoute(app, routes.confirmPaymentAction, {
    access: admin('body.orgId'),
    errors: ['PAYMENT_FAILED', 'PAYMENT_ACTION_REQUIRED', 'CONFLICT'],
    handler: async ({ body }) => confirmPaymentAction(billing, body),
  });
  if (isStripeGateway(gateway)) registerStripeWebhook(app, billing, gateway);
  if (movableClock)
    // Test only (BILLING_TEST_CLOCK=true, the e2e server): run what is due at a later time.
    registerRoute(app, billingTestRoutes.setBillingClock, {
      access: 'public',
      handler: async ({ body }) => {
        const at = new Date(body.now);
        if (body.orgId !== undefined) {
          const done = await processOrgLocked({ ...billing, clock: { now: () => at } }, body.orgId);
          return { now: at.toISOString(), jobsRun: done ? 1 : 0 };
        }
        const now = movableClock.moveTo(at);
        const { orgsProcessed } = await runDueBilling(billing);
        return { now: now.toISOString(), jobsRun: orgsProcessed };
      },
    });
  return Promise.resolve();
};

/** The billing module's manifest: what it depends on, the tables it owns, its routes. */
export const billingModule = defineModule({
  name: 'billing',
  summary: 'Plans, trial, license purchases, payments, the ledger and its jobs (issue 13).',
  dependsOn: ['access', 'audit', 'entitlements', 'mail', 'notifications', 'organizations', 'teams'],
  ownsTables: [
    billingAccounts,
    billingCardClaims,
    billingCharges,
    billingRequestKeys,
    sandboxPaymentMethods,
    sandboxPayments,
  ],
  register: registerBilling,
});
