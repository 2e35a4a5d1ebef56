import type { MatrixRow } from './access-matrix';

/** Issue 33: the organization's audit log, for its admins (a signed-in session only). */
export const AUDIT_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/audit/listAuditEvents',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/audit/exportAuditEvents',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId } }),
  },
];

/**
 * Issue 33: a member leaves the organization. Last in the matrix: once the probing member has
 * left, they are no member for any row after it. An admin calling with their own ids is the
 * Owner, who may not leave (409, after the access rule let them through).
 */
export const LEAVE_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/account/leaveOrg/:orgId',
    who: 'member',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
    ownAdminStatus: 409,
  },
];
