import type { MatrixRow } from './access-matrix';
import { inviteBody } from './teams-world';

// Issue 12: the user calls of spec §7, admins only. Each invite probe uses a new address, so a
// probe that was wrongly allowed would show as a changed database rather than a 409.
let probe = 0;

/** spec §7 user calls and the licence counts of the Users screen. */
export const TEAM_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    path: '/api/account/getOrgUsers/:orgId',
    who: 'admin',
    request: (ids) => ({ params: { orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/account/inviteUser',
    who: 'admin',
    request: (ids) => ({
      body: inviteBody(ids.orgId, `probe-${++probe}-${ids.orgId}@example.test`, [ids.projectId]),
    }),
  },
  {
    method: 'POST',
    path: '/api/account/resendInviteEmail',
    who: 'admin',
    request: (ids) => ({ body: { userId: ids.teammateUserId, orgId: ids.orgId } }),
  },
  {
    method: 'POST',
    path: '/api/account/addProjectAccess/:orgId/:userId',
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId, userId: ids.teammateUserId },
      body: { projectIds: [ids.projectId] },
    }),
  },
  {
    method: 'POST',
    path: '/api/account/removeProjectAccess/:orgId/:userId',
    who: 'admin',
    request: (ids) => ({
      params: { orgId: ids.orgId, userId: ids.teammateUserId },
      body: { projectIds: [ids.projectId] },
    }),
  },
  {
    method: 'GET',
    path: '/api/account/removeOrgAccess/:userId/:orgId',
    who: 'admin',
    request: (ids) => ({ params: { userId: ids.spareTeammateUserId, orgId: ids.orgId } }),
  },
];
