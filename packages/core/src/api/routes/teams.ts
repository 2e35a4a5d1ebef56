import { z } from 'zod';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZInvite, ZOrgUser } from '../../entities/organization';
import { defineRoute } from '../define-route';

/** The body of addProjectAccess and removeProjectAccess (spec §7): at least one project. */
export const ZProjectIds = z.object({ projectIds: z.array(ZId).min(1).max(500) });

const orgAndUser = z.object({ orgId: ZIdParam, userId: ZIdParam });

/** spec §7: the six user calls of the Users screen (its licence counts: billing's getLicenseInfo). */
export const teamRoutes = {
  /** spec §7: the organization's members and pending invitations with their projects. */
  getOrgUsers: defineRoute({
    method: 'GET',
    path: '/api/account/getOrgUsers/:orgId',
    summary: "An organization's users, pending invitations included.",
    tag: 'account',
    params: z.object({ orgId: ZIdParam }),
    response: z.array(ZOrgUser),
  }),
  /** spec §7: invites a user; a pending invitation takes a licence at once. */
  inviteUser: defineRoute({
    method: 'POST',
    path: '/api/account/inviteUser',
    summary: 'Invites a user to an organization and some of its projects.',
    tag: 'account',
    body: ZInvite,
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: sends a pending user's invitation e-mail again (at most once a minute). */
  resendInviteEmail: defineRoute({
    method: 'POST',
    path: '/api/account/resendInviteEmail',
    summary: "Sends a pending user's invitation again.",
    tag: 'account',
    body: z.object({ userId: ZId, orgId: ZId }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: removes a user (or a pending invitation) from an organization; frees the licence. */
  removeOrgAccess: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/account/removeOrgAccess/:userId/:orgId',
    summary: 'Removes a user from an organization.',
    tag: 'account',
    params: orgAndUser,
    response: z.string(),
    responseKind: 'text',
  }),
  /**
   * Issue 33: the caller leaves the organization (a member, from the extension's menu or the
   * portal's non-admin screen). Their licence is freed and their access ends on every server
   * copy; their items stay. The only admin of an organization others use cannot leave (409).
   */
  leaveOrg: defineRoute({
    method: 'POST',
    path: '/api/account/leaveOrg/:orgId',
    summary: 'Leaves an organization (the caller stops being its member).',
    tag: 'account',
    tokenScope: 'session',
    params: z.object({ orgId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: grants a user access to projects of the organization. */
  addProjectAccess: defineRoute({
    method: 'POST',
    path: '/api/account/addProjectAccess/:orgId/:userId',
    summary: 'Grants a user access to projects.',
    tag: 'account',
    params: orgAndUser,
    body: ZProjectIds,
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: takes away a user's access to projects of the organization. */
  removeProjectAccess: defineRoute({
    method: 'POST',
    path: '/api/account/removeProjectAccess/:orgId/:userId',
    summary: "Removes a user's access to projects.",
    tag: 'account',
    params: orgAndUser,
    body: ZProjectIds,
    response: z.string(),
    responseKind: 'text',
  }),
};
