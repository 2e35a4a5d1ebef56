import { z } from 'zod';
import { ZDataExport, ZDataExportStatus } from '../../entities/data-export';
import { ZId, ZIdParam } from '../../entities/ids';
import { defineRoute } from '../define-route';

/**
 * Issue 33: archives of one's own data (GDPR Art. 20) and of a whole organization, prepared by a
 * job and offered by a mailed link that works for its owner only, until it expires
 * (docs/privacy.md "Exports"). Every call is a person's act: no API token may make one.
 */
export const dataExportRoutes = {
  /** Asks for an archive of the caller's own data; one is prepared at a time per person. */
  requestMyDataExport: defineRoute({
    method: 'POST',
    path: '/api/data-export/requestMyDataExport',
    tokenScope: 'session',
    summary: "Prepares a JSON archive of the caller's own data; a link is mailed when it is ready.",
    tag: 'data-export',
    response: ZDataExport,
  }),
  /** The caller's newest personal archive: preparing, ready (until when) or expired. */
  getMyDataExport: defineRoute({
    method: 'GET',
    path: '/api/data-export/getMyDataExport',
    tokenScope: 'session',
    summary: "The caller's newest personal data archive.",
    tag: 'data-export',
    response: ZDataExportStatus,
  }),
  /** Asks for a ZIP of the whole organization (admins); one is prepared at a time per organization. */
  requestOrganizationExport: defineRoute({
    method: 'POST',
    path: '/api/data-export/requestOrganizationExport',
    tokenScope: 'session',
    summary: "Prepares a ZIP of the organization's data and files; a link is mailed when ready.",
    tag: 'data-export',
    body: z.object({ orgId: ZId }),
    response: ZDataExport,
  }),
  /** The organization's newest archive (admins). */
  getOrganizationExport: defineRoute({
    method: 'GET',
    path: '/api/data-export/getOrganizationExport/:orgId',
    tokenScope: 'session',
    summary: "The organization's newest archive.",
    tag: 'data-export',
    params: z.object({ orgId: ZIdParam }),
    response: ZDataExportStatus,
  }),
  /**
   * Downloads an archive: a personal one by its owner only, an organization's by its current
   * admins only; 410 once expired.
   */
  downloadExport: defineRoute({
    method: 'GET',
    path: '/api/data-export/downloadExport/:exportId',
    tokenScope: 'session',
    summary: 'Downloads a prepared archive (its owner only, until it expires).',
    tag: 'data-export',
    params: z.object({ exportId: ZIdParam }),
    response: z.instanceof(Blob),
    responseKind: 'file',
  }),
};
