import {
  AppError,
  CREATED_HISTORY_FIELD,
  type TItemDetail,
  type TItemHistoryEntry,
} from '@waymark/core';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { SERVER_BUSY_MESSAGE, SERVER_BUSY_RETRY_AFTER_SECONDS } from '../../db/pool-busy';
import { relativePaths } from '../../db/schema';
import { PROJECT_NOT_FOUND, type ProjectScope } from '../access/index';
import { selectDescriptionMentions } from './description-mentions';
import { checkMentions } from './mentions';
import { assertNewItemChecks, type NewItemChecks } from './new-item-checks';
import { insertCheckedItemRows, type WrittenItemRows } from './new-item-rows';
import { sanitizeDescription } from './sanitize-description';
import { cachedUrlRules } from './url-rules/cached-url-rules';
import { placeOneOnRules, type NewItemPlace } from './url-rules/place-new-item';

/** Input of {@link createItem}: validated fields (see ZCreateItemRequest) and the author. */
export type CreateItemInput = {
  relativePath: string;
  itemTypeId: number;
  itemStatusId: number;
  title: string;
  descriptionHtml: string;
  tags: string[];
  assigneeUserId: number | null;
  releaseId: number | null;
  externalUrls: string[];
  /** The caller: the item's author. */
  userId: number;
};

/**
 * Creates an item on a page of the project, creating the relative path when the page has none
 * yet (issue 4), with its tags, links and a creation history entry — one statement, its own
 * transaction (issue 34, decision 0104). Type and status must be the organization's, the release
 * the project's, the assignee a member with access (as checkItemRefs); the description is
 * sanitised and its @mentions checked (people who can see the project are notified and watch the
 * item, by the `item_history` trigger). Tags, a release and external links need a plan that
 * includes them (PLAN_LIMIT otherwise).
 */
export async function createItem(
  { db }: { db: Db },
  scope: ProjectScope,
  input: CreateItemInput,
): Promise<TItemDetail> {
  // A read only when the description has mentions; refused before anything is written.
  await checkMentions(db, scope, input.descriptionHtml);
  const descriptionHtml = sanitizeDescription(input.descriptionHtml);
  let rulesChanged = false;
  for (let attempt = 1; ; attempt += 1) {
    // Placed on the rules this server last read; the statement writes only while their version
    // is the project's. When it changed, nothing was written: read the rules again and retry.
    // When a concurrent create inserted the page's path after the statement's snapshot, the rules
    // held: retry on them, a read of the rules would answer the same.
    const { version, rules } = await cachedUrlRules(db, scope.projectId, { fresh: rulesChanged });
    const place = placeOneOnRules(rules, input.relativePath);
    const { checks, projectFound, rulesHeld, written } = await insertCheckedItemRows(
      db,
      scope,
      input,
      newItemRow(scope, input, descriptionHtml, place),
      version,
    );
    if (!projectFound) throw new AppError('NOT_FOUND', PROJECT_NOT_FOUND);
    const refs = assertNewItemChecks(checks, input);
    rulesChanged = !rulesHeld;
    if (written)
      return createdItemDetail(db, scope, input, {
        refs,
        rows: written,
        key: place.key,
        descriptionHtml,
      });
    // Only rules changing on every attempt gets here: the server is busy, not at fault.
    if (attempt === CREATE_ATTEMPTS)
      throw new AppError('UNAVAILABLE', SERVER_BUSY_MESSAGE, {
        retryAfterSeconds: SERVER_BUSY_RETRY_AFTER_SECONDS,
      });
  }
}

// Each retry follows a rules change or a path inserted by another create since the last read.
const CREATE_ATTEMPTS = 5;

/** The answer of a create: what it sent and wrote, not read back (decision 0100). */
async function createdItemDetail(
  db: DbOrTx,
  scope: ProjectScope,
  input: CreateItemInput,
  written: {
    refs: NewItemChecks;
    rows: WrittenItemRows;
    key: string;
    descriptionHtml: string;
  },
): Promise<TItemDetail> {
  // A new item has no notes or related items, one history entry, and mentions only when its
  // description has a mention token (read then, names being stored apart).
  const { refs, rows } = written;
  return {
    itemId: rows.itemId,
    projectId: scope.projectId,
    relativePathId: rows.relativePathId,
    relativePath: written.key,
    itemTypeId: input.itemTypeId,
    itemTypeDescription: refs.itemType ?? '',
    itemStatusId: input.itemStatusId,
    itemStatusDescription: refs.itemStatus ?? '',
    title: input.title,
    descriptionHtml: written.descriptionHtml,
    tags: input.tags,
    assigneeUserId: input.assigneeUserId,
    assignee:
      input.assigneeUserId === null
        ? null
        : { userId: input.assigneeUserId, fullName: refs.assignee ?? '' },
    releaseId: input.releaseId,
    releaseTitle: refs.release,
    externalUrls: input.externalUrls,
    relatedItemIds: [],
    createdBy: { userId: input.userId, fullName: refs.authorName },
    createdAt: rows.createdAt.toISOString(),
    updatedAt: rows.updatedAt.toISOString(),
    descriptionMentions: written.descriptionHtml.includes(MENTION_TOKEN_START)
      ? await selectDescriptionMentions(db, rows.itemId)
      : [],
    noteCount: 0,
    notes: [],
    hasEarlierNotes: false,
    relatedItems: [],
    history: [createdHistory(input, refs.authorName, rows)],
    hasOlderHistory: false,
  };
}

/** The new item's row on its place (its page named by path: found or inserted with it). */
function newItemRow(
  scope: ProjectScope,
  input: CreateItemInput,
  descriptionHtml: string,
  place: NewItemPlace,
) {
  return {
    projectId: scope.projectId,
    page: { path: place.key },
    recordedPath: place.recordedPath,
    itemTypeId: input.itemTypeId,
    itemStatusId: input.itemStatusId,
    title: input.title,
    descriptionHtml,
    assigneeUserId: input.assigneeUserId,
    releaseId: input.releaseId,
    createdBy: input.userId,
    tags: input.tags,
    externalUrls: input.externalUrls,
  };
}

function createdHistory(
  input: CreateItemInput,
  authorName: string,
  rows: WrittenItemRows,
): TItemHistoryEntry {
  return {
    historyId: rows.historyId,
    field: CREATED_HISTORY_FIELD,
    before: null,
    after: input.title,
    changedBy: authorName,
    changedAt: rows.changedAt.toISOString(),
  };
}

// What every stored mention token starts with (`@[user:ID]`, waymark_mention_ids).
const MENTION_TOKEN_START = '@[user:';

/**
 * The id of the project's path `path`, inserting it when missing (safe under concurrency): one
 * statement whether the path is new or known (issue 34: a create's round trips); a second only
 * when another transaction inserted the same path after this statement's snapshot.
 */
export async function ensureRelativePath(
  tx: DbOrTx,
  projectId: number,
  path: string,
): Promise<number> {
  const existing = () =>
    sql`select ${relativePaths.id} as id from ${relativePaths}
      where ${relativePaths.projectId} = ${projectId} and ${relativePaths.path} = ${path}`;
  const { rows } = await tx.execute<{ id: number }>(sql`with inserted as (
      insert into ${relativePaths} (project_id, path) values (${projectId}, ${path})
      on conflict do nothing returning id)
    select id from inserted union all (${existing()}) limit 1`);
  const found = rows[0] ?? (await tx.execute<{ id: number }>(existing())).rows[0];
  if (!found) throw new Error('Relative path vanished during insert');
  return found.id;
}
