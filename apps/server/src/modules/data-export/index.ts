// The data-export module's public file (issue 33): archives of a person's own data and of a
// whole organization, prepared by a job, offered by a mailed link to their owner until they
// expire, then purged (docs/privacy.md "Exports", decision 0062).
import { ADMIN_ACCESS_LEVEL_ID, routes } from '@waymark/core';
import { dataExports } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, requireCaller } from '../access/index';
import { auditContext } from '../audit/index';
import { defineModule, type AppModule } from '../module';
import { openExport, sendExport } from './download-export';
import { latestOrganizationExport, latestPersonalExport, toDataExport } from './export-rows';
import { PREPARE_EXPORT_JOB, PREPARE_RETRY, prepareExport } from './prepare-export';
import { PURGE_EXPORTS_JOB, purgeExpiredExports } from './purge-exports';
import { requestExport } from './request-export';

export { EXPORT_KEY_PREFIX } from './export-rows';
export { purgeExpiredExports } from './purge-exports';

// Long enough for a large organization's files to stream into the store.
const PREPARE_TIMEOUT_SECONDS = 2 * 3600;

/** The export calls, the job that prepares archives and the one that purges them. */
const registerDataExport: AppModule = (app, deps) => {
  const { db, clock, files, mailer, jobs, config } = deps;
  const prepareDeps = {
    db,
    clock,
    files,
    mailer,
    publicUrl: config.publicUrl,
    linkHours: config.dataExport.linkHours,
  };
  const enqueuePrepare = jobs.define<{ exportId: number }>({
    name: PREPARE_EXPORT_JOB,
    retry: PREPARE_RETRY,
    timeoutSeconds: PREPARE_TIMEOUT_SECONDS,
    handler: (data, job) => prepareExport(prepareDeps, data, job),
  });
  jobs.define({
    ...PURGE_EXPORTS_JOB,
    handler: async () => void (await purgeExpiredExports({ db, files, clock })),
  });
  const requestDeps = { db, clock, enqueuePrepare };

  registerRoute(app, routes.requestMyDataExport, {
    access: 'authenticated',
    handler: async (request) =>
      requestExport(
        requestDeps,
        { kind: 'personal', userId: requireCaller(request).userId },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.getMyDataExport, {
    access: 'authenticated',
    handler: async (request) => {
      const row = await latestPersonalExport(db, requireCaller(request).userId);
      return { latest: row ? toDataExport(row, clock.now()) : null };
    },
  });
  registerRoute(app, routes.requestOrganizationExport, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    allowWhileClosed: true, // issue 33: the final export of a closed organization; it only reads
    handler: async (request) =>
      requestExport(
        requestDeps,
        { kind: 'organization', userId: requireCaller(request).userId, orgId: request.body.orgId },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.getOrganizationExport, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => {
      const row = await latestOrganizationExport(db, request.params.orgId);
      return { latest: row ? toDataExport(row, clock.now()) : null };
    },
  });
  registerRoute(app, routes.downloadExport, {
    access: 'authenticated',
    errors: ['NOT_FOUND', 'GONE', 'CONFLICT'],
    handler: async (request, reply) => {
      const { userId } = requireCaller(request);
      const file = await openExport(
        { db, files, clock },
        {
          exportId: request.params.exportId,
          userId,
          isOrgAdmin: async (orgId) =>
            (await app.authenticator.orgAccessLevel(userId, orgId)) === ADMIN_ACCESS_LEVEL_ID,
        },
      );
      return sendExport(reply, file);
    },
  });
  return Promise.resolve();
};

/** The data-export module's manifest: what it depends on, the tables it owns, its routes. */
export const dataExportModule = defineModule({
  name: 'data-export',
  summary:
    "Archives of a person's own data (JSON) and of a whole organization (ZIP with files), prepared by a job, mailed, expiring, purged (issue 33).",
  dependsOn: ['access', 'audit', 'mail'],
  ownsTables: [dataExports],
  register: registerDataExport,
});
