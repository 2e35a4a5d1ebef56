import { routes } from '@waymark/core';
import { invitations, licenses, orgMembers, projectAccess } from '../../db/schema';
import { registerRoute } from '../../http/register-route';
import { orgAdmin, orgMember, requireCaller } from '../access/index';
import { auditContext } from '../audit/index';
import { defineModule, type AppModule } from '../module';
import { getOrgUsers } from './get-org-users';
import { inviteUser } from './invite-user';
import { leaveOrg } from './leave-org';
import { addProjectAccess, removeProjectAccess } from './project-access';
import { removeOrgAccess } from './remove-org-access';
import { resendInviteEmail } from './resend-invite-email';

export { activateMembership } from './activate-membership';
export { addFounder } from './add-founder';
export { countOtherMembers } from './count-other-members';
export { forgetMemberships, type ForgottenMembership } from './forget-memberships';
export { grantProjectAccess } from './grant-project-access';
export { addLicenses, removeUnassignedLicenses } from './license-stock';
export { reduceTeamToOwner } from './reduce-team-to-owner';

/**
 * spec §7 user calls (issue 12): the organization's users, invitations with licence accounting,
 * resend, removal and per-project access. Admins only (spec §6).
 */
const registerTeams: AppModule = (app, { db, clock, mailer, config }) => {
  const inviteDeps = {
    db,
    clock,
    mailer,
    publicUrl: config.publicUrl,
    invitationsPerDay: config.mail.invitationsPerDay,
  };
  registerRoute(app, routes.getOrgUsers, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) => getOrgUsers({ db }, request.params),
  });
  registerRoute(app, routes.inviteUser, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['CONFLICT', 'PLAN_LIMIT', 'RATE_LIMITED'],
    handler: async (request) =>
      inviteUser(inviteDeps, request.body, requireCaller(request).userId, auditContext(request)),
  });
  registerRoute(app, routes.resendInviteEmail, {
    access: orgAdmin({ orgIdFrom: 'body.orgId' }),
    errors: ['CONFLICT', 'RATE_LIMITED'],
    handler: async (request) => resendInviteEmail(inviteDeps, request.body),
  });
  registerRoute(app, routes.removeOrgAccess, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) =>
      removeOrgAccess({ db, clock }, request.params, auditContext(request)),
  });
  registerRoute(app, routes.leaveOrg, {
    access: orgMember({ orgIdFrom: 'params.orgId' }),
    allowWhileClosed: true, // issue 33: a member may leave a closed organization
    errors: ['CONFLICT'],
    handler: async (request) =>
      leaveOrg(
        { db, clock },
        { orgId: request.params.orgId, userId: requireCaller(request).userId },
        auditContext(request),
      ),
  });
  registerRoute(app, routes.addProjectAccess, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) =>
      addProjectAccess(
        { db, clock, audit: auditContext(request) },
        { ...request.params, projectIds: request.body.projectIds },
      ),
  });
  registerRoute(app, routes.removeProjectAccess, {
    access: orgAdmin({ orgIdFrom: 'params.orgId' }),
    handler: async (request) =>
      removeProjectAccess(
        { db, clock, audit: auditContext(request) },
        { ...request.params, projectIds: request.body.projectIds },
      ),
  });
  return Promise.resolve();
};

/** The teams module's manifest: what it depends on, the tables it owns, its routes. */
export const teamsModule = defineModule({
  name: 'teams',
  summary: 'Org users, memberships, invitations, licenses in use, project access (issue 12).',
  dependsOn: ['access', 'audit', 'auth', 'entitlements', 'mail', 'notifications'],
  ownsTables: [orgMembers, invitations, projectAccess, licenses],
  register: registerTeams,
});
