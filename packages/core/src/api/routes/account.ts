import { z } from 'zod';
import { ZId, ZIdParam } from '../../entities/ids';
import { ZText } from '../../entities/text';
import { ZNotification, ZOrganization, ZOrgStatus } from '../../entities/organization';
import { ZSaveSearchLanguageRequest, ZSearchLanguageSetting } from '../../entities/search-language';
import { defineRoute } from '../define-route';

/** spec §5 leaves the organization name length open; 100 characters is our limit. */
export const ORG_NAME_MAX_LENGTH = 100;

/** An organization name as saved: trimmed, 1–100 characters. */
export const ZOrgName = ZText.trim()
  .min(1, 'Enter a name for your organization.')
  .max(ORG_NAME_MAX_LENGTH, `Use at most ${ORG_NAME_MAX_LENGTH} characters.`);

/** Answered when a deletion request carries no password (or e-mail address) to confirm it. */
export const DELETE_ACCOUNT_CONFIRMATION_REQUIRED =
  'Enter your current password to confirm that you want to delete your account.';

/** The organization and notification calls of spec §7 (account section). */
export const accountRoutes = {
  /** spec §7: the caller's organizations; the first is the one to select (spec §3). */
  getOrgs: defineRoute({
    method: 'GET',
    path: '/api/account/getOrgs',
    summary: "The caller's organizations, the one to select first.",
    tag: 'account',
    response: z.array(ZOrganization),
  }),
  /** spec §7: creates the caller's organization on Standard Trial; JSON or empty body. */
  createOrgExistingUser: defineRoute({
    method: 'POST',
    path: '/api/account/createOrgExistingUser',
    tokenScope: 'admin',
    summary: 'Creates an organization owned by the caller, on a 30-day Standard Trial.',
    tag: 'account',
    // An empty name is allowed: the portal then asks for it (spec §4 Notifications).
    body: z.object({ orgName: ZText.trim().max(ORG_NAME_MAX_LENGTH).optional() }).nullish(),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: renames an organization (admins only). */
  saveOrgName: defineRoute({
    method: 'POST',
    path: '/api/account/saveOrgName',
    summary: "Saves an organization's name.",
    tag: 'account',
    body: z.object({ orgId: ZId, orgName: ZOrgName }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** Issue 28: the language full-text search reads the organization's items in. */
  getSearchLanguage: defineRoute({
    method: 'GET',
    path: '/api/account/getSearchLanguage/:orgId',
    summary: "The organization's full-text search language.",
    tag: 'account',
    params: z.object({ orgId: ZIdParam }),
    response: ZSearchLanguageSetting,
  }),
  /** Issue 28: changes the search language; every item of the organization is re-indexed. */
  saveSearchLanguage: defineRoute({
    method: 'POST',
    path: '/api/account/saveSearchLanguage',
    summary: "Saves the organization's full-text search language (re-indexes its items).",
    tag: 'account',
    body: ZSaveSearchLanguageRequest,
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7: the organization's name, empty until it is named. */
  getOrgStatus: defineRoute({
    method: 'GET',
    path: '/api/account/getOrgStatus',
    summary: "An organization's status: its name.",
    tag: 'account',
    query: z.object({ orgId: ZIdParam }),
    response: ZOrgStatus,
  }),
  /** spec §7: the caller's notifications not yet dismissed, oldest first. */
  getSiteNotifications: defineRoute({
    method: 'GET',
    path: '/api/account/getSiteNotifications',
    summary: "The caller's queued notifications.",
    tag: 'account',
    response: z.array(ZNotification),
  }),
  /** spec §7: dismisses one of the caller's notifications. */
  dismissNotification: defineRoute({
    method: 'POST',
    path: '/api/account/dismissNotification/:notificationInfoId',
    summary: 'Dismisses a notification of the caller.',
    tag: 'account',
    params: z.object({ notificationInfoId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /** spec §7, §6: accepts an invitation to an organization (its template-4 notification). */
  acceptOrgAccess: defineRoute({
    method: 'GET',
    changesData: true,
    path: '/api/account/acceptOrgAccess/:orgId',
    // Joining an organization is a person's act (issue 29): no API token may do it.
    tokenScope: 'session',
    summary: "Accepts the caller's pending invitation to an organization.",
    tag: 'account',
    params: z.object({ orgId: ZIdParam }),
    response: z.string(),
    responseKind: 'text',
  }),
  /**
   * Issue 33: deletes the caller's account (decision 0054). `confirmation` is the current
   * password with the embedded provider, or the account's e-mail address typed out with an
   * external issuer (which holds the password). Refused (409) while the caller owns an
   * organization or is the only admin of one others use.
   */
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/api/account/deleteAccount',
    // Deleting a person is that person's act: no API token may do it.
    tokenScope: 'session',
    summary: "Deletes the caller's account; their items and notes stay as a former member's.",
    tag: 'account',
    body: z.object({
      confirmation: z.string().min(1, DELETE_ACCOUNT_CONFIRMATION_REQUIRED).max(320),
    }),
    response: z.string(),
    responseKind: 'text',
  }),
};
