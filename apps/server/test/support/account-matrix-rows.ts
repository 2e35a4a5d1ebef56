import type { MatrixRow } from './access-matrix';

/**
 * Issue 33: deleting one's own account. Any signed-in person may ask, for themselves only; the
 * probe's confirmation is never the caller's e-mail address (the matrix runs with an external
 * issuer), so every probe is refused 400 and nothing changes — the test of a real deletion is
 * test/account/delete-account.test.ts.
 */
export const ACCOUNT_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    path: '/api/account/deleteAccount',
    who: 'authenticated',
    request: () => ({ body: { confirmation: 'not-the-callers-address@example.test' } }),
    outsider: 400,
  },
  // Issue 33: closing and reopening an organization — its owner only (a non-owner member is
  // refused 403, another organization 404). The owner's probes change nothing: the typed name is
  // not the organization's (400) and an open organization cannot be reopened (409); real closings
  // are in test/closing/.
  {
    method: 'POST',
    path: '/api/account/closeOrganization',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId, confirmName: 'Not the name of it' } }),
    ownAdminStatus: 400,
  },
  {
    method: 'POST',
    path: '/api/account/reopenOrganization',
    who: 'admin',
    request: (ids) => ({ body: { orgId: ids.orgId } }),
    ownAdminStatus: 409,
  },
];
