// The audit module's public file (issue 33): the organization's audit log. Other modules record
// their administrative changes with `recordAudit` in their own transaction; admins read the log
// and export it as CSV. It depends on no module, so any module may depend on it.
import { routes } from '@waymark/core';
import { auditEvents } from '../../db/schema';
import { orgAdmin } from '../../http/access-rules';
import { registerRoute } from '../../http/register-route';
import { defineModule, type AppModule } from '../module';
import { sendAuditExport } from './export-audit-events';
import { listAuditEvents } from './list-audit-events';
import { PURGE_AUDIT_EVENTS_JOB, purgeAuditEvents } from './purge-audit-events';

export { auditContext, SYSTEM_AUDIT_CONTEXT, type AuditContext } from './audit-context';
export { describeUser, recordAudit, type AuditEntry } from './record-audit';
export { purgeOrgAuditEvents } from './purge-org-audit-events';

/** The audit log's calls and its retention job. */
const registerAudit: AppModule = (app, { db, clock, jobs, config }) => {
  jobs.define({
    ...PURGE_AUDIT_EVENTS_JOB,
    handler: async () => void (await purgeAuditEvents({ db, clock }, config.audit.retentionDays)),
  });
  registerRoute(app, routes.listAuditEvents, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    allowWhileClosed: true, // issue 33: only reads
    handler: (request) => listAuditEvents({ db }, request.body),
  });
  registerRoute(app, routes.exportAuditEvents, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    allowWhileClosed: true, // issue 33: only reads
    handler: (request, reply) => sendAuditExport(reply, { db }, request.body),
  });
  return Promise.resolve();
};

/** The audit module's manifest: what it depends on, the tables it owns, its routes. */
export const auditModule = defineModule({
  name: 'audit',
  summary:
    "The organization's audit log: recordAudit in the change's transaction, list, CSV, retention.",
  dependsOn: [],
  ownsTables: [auditEvents],
  register: registerAudit,
});
