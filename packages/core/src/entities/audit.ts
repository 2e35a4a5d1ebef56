import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';
import { ZText } from './text';

/**
 * What the audit log records (issue 33): each administrative change to an organization, named
 * `<subject>.<verb>`. Later features (account deletion, personal export, closing an organization)
 * add theirs here; the database keeps the name as text, so an older row's name stays readable.
 */
export const AUDIT_ACTIONS = [
  'member.invited',
  'member.removed',
  'member.left',
  'account.deleted',
  'project_access.granted',
  'project_access.revoked',
  'plan.changed',
  'license.purchased',
  'license.removed',
  'payment_method.saved',
  'payment_method.removed',
  'data_field.deleted',
  'project.deleted',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'items.exported',
  'data.exported',
  'organization.exported',
  'organization.closed',
  'organization.reopened',
] as const;
/** One kind of audited change. */
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** Most rows one audit page answers. */
export const AUDIT_PAGE_MAX = 200;

/** A value before or after a change, as recorded: a small JSON object. */
export const ZAuditValue = z.record(z.string(), z.unknown()).nullable();

/** One row of an organization's audit log. */
export const ZAuditEvent = z.object({
  id: z.number().int().positive(),
  at: ZTimestamp,
  action: z.enum(AUDIT_ACTIONS).or(z.string()),
  /** Who did it: the user id (null for the system, e.g. a billing job) and their name then. */
  actor: z.object({ userId: z.number().int().nullable(), label: z.string() }),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string() }),
  before: ZAuditValue,
  after: ZAuditValue,
  /** The client's address and browser, when the change came from a request. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
/** One row of an organization's audit log. */
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** The audit log's filters; each given one must hold. Dates are inclusive ISO instants. */
export const ZAuditFilter = z.strictObject({
  actorUserId: ZId.optional(),
  actions: z.array(z.enum(AUDIT_ACTIONS)).max(AUDIT_ACTIONS.length).optional(),
  /** Matches the target's name or id, case-insensitively, anywhere in it. */
  target: ZText.trim().max(200).optional(),
  from: ZTimestamp.optional(),
  to: ZTimestamp.optional(),
});
/** The audit log's filters. */
export type TAuditFilter = z.infer<typeof ZAuditFilter>;

/**
 * A page of an organization's audit log, newest first. `before` is the id of the last row of the
 * previous page (keyset paging: rows written meanwhile do not shift the pages).
 */
export const ZListAuditEventsRequest = z.strictObject({
  orgId: ZId,
  filter: ZAuditFilter.default({}),
  before: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
/** A page request of the audit log. */
export type TListAuditEventsRequest = z.input<typeof ZListAuditEventsRequest>;

/** A page of audit rows and whether older ones follow. */
export const ZAuditPage = z.object({
  events: z.array(ZAuditEvent),
  hasMore: z.boolean(),
});
/** A page of audit rows. */
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The audit log as CSV: the same filters, every matching row. */
export const ZExportAuditEventsRequest = z.strictObject({
  orgId: ZId,
  filter: ZAuditFilter.default({}),
});
