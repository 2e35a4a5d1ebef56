import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  itemAttachments,
  itemHistory,
  itemNotes,
  items,
  itemStatuses,
  itemTypes,
  projects,
  relativePaths,
  users,
} from '../../db/schema';

// The archives' row readers (issue 33). Each reads one keyset batch (`id > afterId`, ascending),
// limited by a condition the caller gives: the organization's projects, or the person's own
// rows inside the organizations they belong to. Only reads: an organization being closed
// (read-only) still exports.

/** A person's name as archives show it: "First Last", or the e-mail when there is no name. */
const authorName = (table: typeof users) =>
  sql<string | null>`nullif(trim(${table.firstName} || ' ' || ${table.lastName}), '')`;

/** Items matching `where`, with their page, type, status, author and tags. */
export async function readItems(db: DbOrTx, where: SQL, afterId: number, limit: number) {
  return db
    .select({
      id: items.id,
      projectId: items.projectId,
      projectName: projects.name,
      path: relativePaths.path,
      recordedPath: items.recordedPath,
      type: itemTypes.description,
      status: itemStatuses.description,
      title: items.title,
      descriptionHtml: items.descriptionHtml,
      assigneeUserId: items.assigneeUserId,
      releaseId: items.releaseId,
      createdByUserId: items.createdBy,
      createdByName: authorName(users),
      createdAt: items.createdAt,
      updatedAt: items.updatedAt,
      tags: sql<
        string[]
      >`coalesce((select array_agg(t.tag order by t.position) from item_tags t where t.item_id = ${items.id}), '{}')`,
    })
    .from(items)
    .innerJoin(projects, eq(projects.id, items.projectId))
    .innerJoin(relativePaths, eq(relativePaths.id, items.relativePathId))
    .innerJoin(itemTypes, eq(itemTypes.id, items.itemTypeId))
    .innerJoin(itemStatuses, eq(itemStatuses.id, items.itemStatusId))
    .leftJoin(users, eq(users.id, items.createdBy))
    .where(and(where, gt(items.id, afterId)))
    .orderBy(asc(items.id))
    .limit(limit);
}

/** Notes matching `where` (on items of `items`' joins), with their item and author. */
export async function readNotes(db: DbOrTx, where: SQL, afterId: number, limit: number) {
  return db
    .select({
      id: itemNotes.id,
      itemId: itemNotes.itemId,
      itemTitle: items.title,
      authorUserId: itemNotes.authorUserId,
      authorName: authorName(users),
      text: itemNotes.text,
      createdAt: itemNotes.createdAt,
      editedAt: itemNotes.editedAt,
    })
    .from(itemNotes)
    .innerJoin(items, eq(items.id, itemNotes.itemId))
    .innerJoin(projects, eq(projects.id, items.projectId))
    .leftJoin(users, eq(users.id, itemNotes.authorUserId))
    .where(and(where, gt(itemNotes.id, afterId)))
    .orderBy(asc(itemNotes.id))
    .limit(limit);
}

/** Attachments' metadata matching `where` (never their storage keys). */
export async function readAttachments(db: DbOrTx, where: SQL, afterId: number, limit: number) {
  return db
    .select({
      id: itemAttachments.id,
      itemId: itemAttachments.itemId,
      fileName: itemAttachments.fileName,
      sizeBytes: itemAttachments.sizeBytes,
      contentType: itemAttachments.contentType,
      sha256: itemAttachments.sha256,
      uploadedByUserId: itemAttachments.uploadedBy,
      createdAt: itemAttachments.createdAt,
    })
    .from(itemAttachments)
    .innerJoin(items, eq(items.id, itemAttachments.itemId))
    .innerJoin(projects, eq(projects.id, items.projectId))
    .where(and(where, gt(itemAttachments.id, afterId)))
    .orderBy(asc(itemAttachments.id))
    .limit(limit);
}

/** The storage keys of attachments `ids` (for the organization archive's files). */
export async function readAttachmentKeys(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: itemAttachments.id, key: itemAttachments.storageKey })
    .from(itemAttachments)
    .where(inArray(itemAttachments.id, ids));
  return new Map(rows.map((row) => [row.id, row.key]));
}

/** Item history rows matching `where`, with who made each change. */
export async function readHistory(db: DbOrTx, where: SQL, afterId: number, limit: number) {
  return db
    .select({
      id: itemHistory.id,
      itemId: itemHistory.itemId,
      userId: itemHistory.userId,
      userName: authorName(users),
      field: itemHistory.field,
      before: itemHistory.before,
      after: itemHistory.after,
      createdAt: itemHistory.createdAt,
    })
    .from(itemHistory)
    .innerJoin(items, eq(items.id, itemHistory.itemId))
    .innerJoin(projects, eq(projects.id, items.projectId))
    .leftJoin(users, eq(users.id, itemHistory.userId))
    .where(and(where, gt(itemHistory.id, afterId)))
    .orderBy(asc(itemHistory.id))
    .limit(limit);
}
