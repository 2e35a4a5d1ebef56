import { z } from 'zod';
import { ZId } from './ids';
import { ZText } from './text';

/**
 * Issue 33: a closed organization's dates (ISO 8601): when it was closed and when the deletion job
 * removes it. Members read, nobody writes; the owner may reopen until `deletesAt`.
 */
export const ZOrgClosure = z.object({ closedAt: z.string(), deletesAt: z.string() });
/** Issue 33: a closed organization's dates. */
export type TOrgClosure = z.infer<typeof ZOrgClosure>;

/** spec §3 Organization: one the caller belongs to, with the caller's access level in it. */
export const ZOrganization = z.object({
  orgId: ZId,
  orgName: z.string(),
  orgAccessLevelDescription: z.string(),
  orgAccessLevelId: z.number().int(),
  /** Issue 33: present only while the organization is closed. */
  closure: ZOrgClosure.optional(),
});
/** spec §3 Organization. */
export type TOrganization = z.infer<typeof ZOrganization>;

/** spec §3 Org status. */
export const ZOrgStatus = z.object({ orgName: z.string().nullable() });
/** spec §3 Org status. */
export type TOrgStatus = z.infer<typeof ZOrgStatus>;

/** spec §3 Notification: notificationDescription is HTML (sanitised on the server). */
export const ZNotification = z.object({
  notificationInfoId: ZId,
  notificationTemplateId: z.number().int(),
  notificationDescription: z.string(),
  notificationOrgId: ZId,
});
/** spec §3 Notification. */
export type TNotification = z.infer<typeof ZNotification>;

/** spec §3 Org user. */
export const ZOrgUser = z.object({
  userId: ZId,
  orgId: ZId,
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  orgAccessLevelDescription: z.string(),
  orgAccessStatusDescription: z.string(),
  projects: z.array(z.object({ projectId: ZId, projectName: z.string().optional() })),
});
/** spec §3 Org user. */
export type TOrgUser = z.infer<typeof ZOrgUser>;

/** spec §3 Invite; projectAccessId and orgAccessLevelId are fixed (1 and 2). */
export const ZInvite = z.object({
  email: ZText.trim().max(254).pipe(z.email('Enter a valid e-mail address.')),
  firstName: ZText.trim().min(1).max(100),
  lastName: ZText.trim().min(1).max(100),
  projectAccessId: z.literal(1),
  orgId: ZId,
  orgAccessLevelId: z.literal(2),
  projectId: z.array(ZId).max(500),
});
/** spec §3 Invite. */
export type TInvite = z.infer<typeof ZInvite>;

/** spec §3 licence counts of an organization: a pending invitation holds a licence too. */
export const ZLicenseInfo = z.object({
  assignedLicenseCount: z.number().int(),
  availableLicenseCount: z.number().int(),
  totalLicenseCount: z.number().int(),
});
/** spec §3 licence counts. */
export type TLicenseInfo = z.infer<typeof ZLicenseInfo>;
