import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { itemTags, items } from '../../../db/schema';
import { mentionRenderer, sanitizeDescription } from '../../items/index';
import type { ImportFields } from './resolve-import-row';

/** The fields of an item an import row can change, as stored. */
export type CurrentFields = {
  title: string;
  itemTypeId: number;
  itemStatusId: number;
  descriptionHtml: string;
  /** The description as an export writes it: mentions as the people's current names. */
  exportedDescriptionHtml: string;
  tags: string[];
  assigneeUserId: number | null;
  releaseId: number | null;
};

/** The importable fields of the project's items `itemIds`, read 1,000 at a time. */
export async function readCurrentFields(
  tx: DbOrTx,
  projectId: number,
  itemIds: readonly number[],
): Promise<Map<number, CurrentFields>> {
  const current = new Map<number, CurrentFields>();
  const unique = [...new Set(itemIds)];
  for (let start = 0; start < unique.length; start += 1_000) {
    const rows = await tx
      .select({
        id: items.id,
        title: items.title,
        itemTypeId: items.itemTypeId,
        itemStatusId: items.itemStatusId,
        descriptionHtml: items.descriptionHtml,
        assigneeUserId: items.assigneeUserId,
        releaseId: items.releaseId,
        tags: sql<
          string[]
        >`coalesce((select array_agg(${itemTags.tag} order by ${itemTags.position})
          from ${itemTags} where ${itemTags.itemId} = ${items.id}), '{}')`,
      })
      .from(items)
      .where(
        and(eq(items.projectId, projectId), inArray(items.id, unique.slice(start, start + 1_000))),
      );
    const render = await mentionRenderer(
      tx,
      rows.map((row) => row.descriptionHtml),
    );
    for (const { id, ...fields } of rows)
      current.set(id, { ...fields, exportedDescriptionHtml: render.html(fields.descriptionHtml) });
  }
  return current;
}

/**
 * True when a row would change nothing on the item: every field the file has equals what is
 * stored (the description compared as the item service would store it, sanitised). Such rows
 * skip the per-item update, so importing the same 10,000-row file again only reads.
 */
export function isUnchanged(fields: ImportFields, current: CurrentFields | undefined): boolean {
  if (!current) return false;
  const same = <T>(next: T | undefined, stored: T) => next === undefined || next === stored;
  return (
    same(fields.title, current.title) &&
    same(fields.itemTypeId, current.itemTypeId) &&
    same(fields.itemStatusId, current.itemStatusId) &&
    same(fields.assigneeUserId, current.assigneeUserId) &&
    same(fields.releaseId, current.releaseId) &&
    same(fields.tags?.join('\u0000'), current.tags.join('\u0000')) &&
    (fields.descriptionHtml === undefined ||
      sanitizeDescription(fields.descriptionHtml) === current.descriptionHtml)
  );
}

/**
 * The row's fields without its description when that is the item's own description as an
 * export wrote it (mentions as names): re-importing an export keeps the stored mentions
 * instead of replacing them with plain names (decision 0048).
 */
export function keepStoredMentions(
  fields: ImportFields,
  current: CurrentFields | undefined,
): ImportFields {
  if (fields.descriptionHtml === undefined || !current) return fields;
  if (sanitizeDescription(fields.descriptionHtml) !== current.exportedDescriptionHtml)
    return fields;
  const { descriptionHtml: _exported, ...rest } = fields;
  return rest;
}
