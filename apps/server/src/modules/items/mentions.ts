import {
  AppError,
  hasMentionInMarkup,
  MENTION_IN_HTML_MESSAGE,
  MENTIONS_MAX,
  parseMentionIds,
  TOO_MANY_MENTIONS_MESSAGE,
  UNKNOWN_MENTION_MESSAGE,
} from '@waymark/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orgMembers } from '../../db/schema';
import { usersWhoCanUse } from '../access/index';

/** Who a text mentions: those who can see the project, and those who cannot (not notified). */
export type CheckedMentions = { userIds: number[]; withAccess: number[]; withoutAccess: number[] };

/**
 * Reads and checks the `@[user:ID]` mentions of a note or description: at most
 * {@link MENTIONS_MAX} people (400), none inside HTML markup (400), each an active member of the
 * item's organization (400 — an id of another organization is refused the same as an unknown
 * one, so it reveals nothing). Nothing is written before these checks pass.
 */
export async function checkMentions(
  tx: DbOrTx,
  scope: { orgId: number; projectId: number },
  text: string,
): Promise<CheckedMentions> {
  const userIds = parseMentionIds(text);
  if (userIds.length > MENTIONS_MAX) throw new AppError('BAD_REQUEST', TOO_MANY_MENTIONS_MESSAGE);
  if (userIds.length === 0) return { userIds, withAccess: [], withoutAccess: [] };
  if (hasMentionInMarkup(text)) throw new AppError('BAD_REQUEST', MENTION_IN_HTML_MESSAGE);
  const members = await tx
    .select({ userId: orgMembers.userId })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.orgId, scope.orgId),
        eq(orgMembers.status, 'Active'),
        inArray(orgMembers.userId, userIds),
      ),
    );
  if (members.length !== userIds.length) throw new AppError('BAD_REQUEST', UNKNOWN_MENTION_MESSAGE);
  const seeing = new Set(await usersWhoCanUse(tx, scope.projectId, userIds));
  return {
    userIds,
    withAccess: userIds.filter((id) => seeing.has(id)),
    withoutAccess: userIds.filter((id) => !seeing.has(id)),
  };
}
