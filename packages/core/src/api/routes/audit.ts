import { z } from 'zod';
import {
  ZAuditPage,
  ZExportAuditEventsRequest,
  ZListAuditEventsRequest,
} from '../../entities/audit';
import { defineRoute } from '../define-route';

/**
 * An organization's audit log (issue 33), for its admins. Read-only: there is no call that
 * changes or deletes a row (docs/privacy.md "Audit log").
 */
export const auditRoutes = {
  /** A page of the audit log, newest first, filtered by actor, action, target and date. */
  listAuditEvents: defineRoute({
    method: 'POST',
    path: '/api/audit/listAuditEvents',
    summary: "A page of an organization's audit log, newest first.",
    tag: 'audit',
    tokenScope: 'session',
    body: ZListAuditEventsRequest,
    response: ZAuditPage,
  }),
  /** Every row matching the filters as a CSV download (UTF-8 BOM, formulas neutralised). */
  exportAuditEvents: defineRoute({
    method: 'POST',
    path: '/api/audit/exportAuditEvents',
    summary: "Exports an organization's audit log (filtered) as CSV.",
    tag: 'audit',
    tokenScope: 'session',
    body: ZExportAuditEventsRequest,
    response: z.instanceof(Blob),
    responseKind: 'file',
  }),
};
