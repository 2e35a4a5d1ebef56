import type { TAuditAction } from '@waymark/core';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, users } from '../../db/schema';
import type { AuditContext } from './audit-context';

/** One audited change, as the module making it describes it. */
export type AuditEntry = {
  /** The organization whose log shows it; null for an account-level event. */
  orgId: number | null;
  action: TAuditAction;
  target: { type: string; id?: string | number | null; label: string };
  /** The meaningful fields before and after (never a secret). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When it happened; the change's own clock. */
  at: Date;
};

/** The label a system change is shown with. */
export const SYSTEM_ACTOR_LABEL = 'Waymark (system)';

/**
 * How the log names a user: "First Last <email>", read in the transaction (the row keeps the
 * name they had then); "User <id>" when they are gone.
 */
export async function describeUser(tx: DbOrTx, userId: number): Promise<string> {
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return `User ${userId}`;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name ? `${name} <${user.email}>` : user.email;
}

/**
 * Appends one row to the audit log, in the caller's transaction `tx`: the row commits with the
 * change and rolls back with it, so the log never misses a change nor shows one that did not
 * happen. Other modules call this (the audit module owns `audit_events`).
 */
export async function recordAudit(
  tx: DbOrTx,
  context: AuditContext,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditEvents).values({
    orgId: entry.orgId,
    at: entry.at,
    action: entry.action,
    actorUserId: context.userId,
    actorLabel:
      context.userId === null ? SYSTEM_ACTOR_LABEL : await describeUser(tx, context.userId),
    targetType: entry.target.type,
    targetId:
      entry.target.id === undefined || entry.target.id === null ? null : String(entry.target.id),
    targetLabel: entry.target.label,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: context.ip,
    userAgent: context.userAgent,
  });
}
