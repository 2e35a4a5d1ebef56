import { z } from 'zod';
import { ZMention } from './conversation';
import { ZId, ZTimestamp } from './ids';

/**
 * A note on an item: who wrote it and when; since issue 27 also whether it was edited and whom
 * it mentions (`@[user:ID]` tokens in `text`, shown with `mentions`' current names).
 */
export const ZItemNote = z.object({
  noteId: ZId,
  text: z.string(),
  authorName: z.string(),
  createdAt: ZTimestamp,
  authorUserId: ZId.nullable(),
  editedAt: ZTimestamp.nullable(),
  mentions: z.array(ZMention),
});
/** A note on an item. */
export type TItemNote = z.infer<typeof ZItemNote>;

/** One recorded change of one field of an item. */
export const ZItemHistoryEntry = z.object({
  historyId: ZId,
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  changedBy: z.string(),
  changedAt: ZTimestamp,
});
/** One recorded change of an item. */
export type TItemHistoryEntry = z.infer<typeof ZItemHistoryEntry>;

/**
 * spec §1, §3 Item: knowledge recorded against a page (a relative path of a project).
 * The page pin and attachments join this shape in later issues.
 */
export const ZItem = z.object({
  itemId: ZId,
  projectId: ZId,
  relativePathId: ZId,
  itemTypeId: ZId,
  itemStatusId: ZId,
  title: z.string(),
  descriptionHtml: z.string(),
  tags: z.array(z.string()),
  assigneeUserId: ZId.nullable(),
  releaseId: ZId.nullable(),
  externalUrls: z.array(z.string()),
  relatedItemIds: z.array(ZId),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
/** spec §1, §3 Item. */
export type TItem = z.infer<typeof ZItem>;
