import { CREATED_HISTORY_FIELD } from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemExternalUrls, itemHistory, itemTags, items } from '../../db/schema';
import type { ProjectScope } from '../access/index';
import type { CreateItemInput } from './create-item';
import { ensureRelativePaths } from './ensure-relative-paths';
import { assertItemFeatures } from './item-features';
import { checkItemRefs } from './item-refs';
import { sanitizeDescription } from './sanitize-description';
import { placeNewItems, type NewItemPlace } from './url-rules/place-new-item';

// Rows per multi-row insert: well under PostgreSQL's 65,535 parameters for any table here.
const BATCH = 500;

/**
 * {@link insertItem} for many items in the caller's transaction, set-based: the plan and each
 * distinct set of references are checked once, the pages, items, tags, links and creation history
 * are written a few statements per 500 items (the per-row triggers still run: search index,
 * change feed, notifications). Answers the new ids in input order. The CSV import (workspace
 * module) creates up to 10,000 items this way. Each row's page goes through the project's URL
 * rules like a single create (issue 31): `/orders/3` lands on `/orders/:id` and remembers
 * `/orders/3`; the URL-rules lock is held shared until the caller's transaction ends.
 */
export async function insertItems(
  tx: DbOrTx,
  scope: ProjectScope,
  inputs: readonly CreateItemInput[],
): Promise<number[]> {
  if (inputs.length === 0) return [];
  await assertItemFeatures(tx, scope.orgId, {
    tags: inputs.flatMap((input) => input.tags),
    releaseId: inputs.find((input) => input.releaseId !== null)?.releaseId ?? null,
    externalUrls: inputs.flatMap((input) => input.externalUrls),
  });
  const refSets = new Map(
    inputs.map((input) => [
      `${input.itemTypeId}|${input.itemStatusId}|${input.releaseId}|${input.assigneeUserId}`,
      input,
    ]),
  );
  for (const refs of refSets.values()) await checkItemRefs(tx, scope, refs);
  const places = await placeNewItems(
    tx,
    scope.projectId,
    inputs.map((input) => input.relativePath),
  );
  const pathIds = await ensureRelativePaths(
    tx,
    scope.projectId,
    [...places.values()].map((place) => place.key),
  );
  const ids: number[] = [];
  for (let start = 0; start < inputs.length; start += BATCH) {
    // Decision 0153: the plans PL/pgSQL and the foreign keys keep for the session were made
    // while this transaction's tables were small (a new install's first import: empty), and a
    // scan of a small table stays the plan as the batches grow it: each row read every row
    // written before it. Planned again from the tables' size now, the lookups use their indexes.
    if (start > 0) await tx.execute(sql`discard plans`);
    ids.push(
      ...(await insertBatch(tx, scope, inputs.slice(start, start + BATCH), { places, pathIds })),
    );
  }
  return ids;
}

async function insertBatch(
  tx: DbOrTx,
  scope: ProjectScope,
  batch: readonly CreateItemInput[],
  where: { places: Map<string, NewItemPlace>; pathIds: Map<string, number> },
): Promise<number[]> {
  const placeOf = (input: CreateItemInput) =>
    where.places.get(input.relativePath) ?? { key: input.relativePath, recordedPath: null };
  // PostgreSQL answers a multi-row INSERT … RETURNING in the order of its VALUES.
  const inserted = await tx
    .insert(items)
    .values(
      batch.map((input) => ({
        projectId: scope.projectId,
        relativePathId: where.pathIds.get(placeOf(input).key) ?? 0,
        recordedPath: placeOf(input).recordedPath,
        itemTypeId: input.itemTypeId,
        itemStatusId: input.itemStatusId,
        title: input.title,
        descriptionHtml: sanitizeDescription(input.descriptionHtml),
        assigneeUserId: input.assigneeUserId,
        releaseId: input.releaseId,
        createdBy: input.userId,
      })),
    )
    .returning({ id: items.id });
  const ids = inserted.map((row) => row.id);
  if (ids.length !== batch.length) throw new Error('Insert into items returned too few rows');
  const tags = batch.flatMap((input, index) =>
    input.tags.map((tag, position) => ({ itemId: ids[index] ?? 0, tag, position })),
  );
  if (tags.length > 0) await tx.insert(itemTags).values(tags);
  const urls = batch.flatMap((input, index) =>
    input.externalUrls.map((url, position) => ({ itemId: ids[index] ?? 0, url, position })),
  );
  if (urls.length > 0) await tx.insert(itemExternalUrls).values(urls);
  await tx.insert(itemHistory).values(
    batch.map((input, index) => ({
      itemId: ids[index] ?? 0,
      userId: input.userId,
      field: CREATED_HISTORY_FIELD,
      before: null,
      after: input.title,
    })),
  );
  return ids;
}
