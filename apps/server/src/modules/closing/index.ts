// The closing module's public file (issue 33, decision 0063): an owner closes an organization,
// may reopen it during the grace period, and the deletion job removes every row and file of it
// afterwards. docs/privacy.md says what goes and when.
import { closingTestRoutes, routes } from '@waymark/core';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, requireCaller } from '../access/index';
import { auditContext } from '../audit/index';
import { defineBillingClosing } from '../billing/index';
import { defineModule, type AppDeps, type AppModule } from '../module';
import { closeOrganization } from './close-org';
import type { ClosingDeps } from './closing-deps';
import type { DeleteOrgDeps } from './delete-closed-org';
import { countOrgRemains } from './org-remains';
import { reopenOrganization } from './reopen-org';
import { DELETE_CLOSED_ORGS_JOB, runDueDeletions } from './run-due-deletions';

export { deleteClosedOrg, type DeleteOrgDeps } from './delete-closed-org';
export { countOrgRemains, type OrgRemains } from './org-remains';
export { runDueDeletions } from './run-due-deletions';

export { closeLoneOwnersOrg } from './close-lone-owners-org';
export type { ClosingDeps } from './closing-deps';

/** Rows deleted per transaction by the deletion job. */
const DELETE_BATCH = 500;

// One set per app (its job queue): the account module closes a lone owner's organization too, and
// the gateway job must be defined once.
const depsByApp = new WeakMap<AppDeps['jobs'], ClosingDeps>();

/** What closing needs, built once per app from its dependencies. */
export function closingDepsOf(app: AppDeps): ClosingDeps {
  const known = depsByApp.get(app.jobs);
  if (known) return known;
  const deps: ClosingDeps = {
    db: app.db,
    clock: app.clock,
    mailer: app.mailer,
    files: app.files,
    publicUrl: app.config.publicUrl,
    graceDays: app.config.closing.graceDays,
    endBilling: defineBillingClosing(app.jobs, { gateway: app.gateway }),
  };
  depsByApp.set(app.jobs, deps);
  return deps;
}

/** Close and reopen (owner only), the deletion job, and under the test clock its test calls. */
const registerClosing: AppModule = (app, appDeps) => {
  const { db, clock, files, jobs, config } = appDeps;
  const deps = closingDepsOf(appDeps);
  const deletion: DeleteOrgDeps = { db, clock, files, batchSize: DELETE_BATCH };
  jobs.define({
    ...DELETE_CLOSED_ORGS_JOB,
    timeoutSeconds: 30 * 60,
    handler: async () => void (await runDueDeletions(deletion)),
  });
  registerRoute(app, routes.closeOrganization, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    allowWhileClosed: true,
    errors: ['BAD_REQUEST'],
    handler: async (request) =>
      closeOrganization(
        deps,
        { ...request.body, userId: requireCaller(request).userId },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.reopenOrganization, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    allowWhileClosed: true,
    errors: ['CONFLICT'],
    handler: async (request) =>
      reopenOrganization(
        deps,
        { ...request.body, userId: requireCaller(request).userId },
        auditContext(request),
      ),
  });
  if (config.billing.testClock) {
    // Test only (BILLING_TEST_CLOCK=true, the e2e server): pass the grace period, count remains.
    registerRoute(app, closingTestRoutes.runOrgDeletions, {
      access: 'public',
      handler: async ({ body }) => ({
        orgsDeleted: await runDueDeletions({
          ...deletion,
          clock: { now: () => new Date(body.now) },
        }),
      }),
    });
    registerRoute(app, closingTestRoutes.getOrgRemains, {
      access: 'public',
      handler: async ({ body }) => countOrgRemains({ db, files }, body.orgId),
    });
  }
  return Promise.resolve();
};

/** The closing module's manifest: what it depends on, the tables it owns, its routes. */
export const closingModule = defineModule({
  name: 'closing',
  summary:
    'Closing an organization (owner), reopening it in the grace period, and deleting it afterwards (issue 33).',
  dependsOn: [
    'access',
    'attachments',
    'audit',
    'billing',
    'inbox',
    'items',
    'mail',
    'organizations',
    'teams',
  ],
  ownsTables: [],
  register: registerClosing,
});
