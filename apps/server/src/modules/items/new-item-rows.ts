import { CREATED_HISTORY_FIELD } from '@waymark/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client';
import {
  itemExternalUrls,
  itemHistory,
  itemTags,
  items,
  projects,
  relativePaths,
  urlRulesVersions,
} from '../../db/schema';
import type { ProjectScope } from '../access/index';
import {
  newItemCheckColumns,
  newItemChecksPassSql,
  type NewItemCheckInput,
  type NewItemCheckRow,
} from './new-item-checks';
import { preparedStatement } from './prepared-once';

/**
 * The columns of a new item row, its tags and links (already checked), and its author. Its page:
 * the id of a path row, or the project's path (its key) found or inserted by the same statement.
 */
export type NewItemRow = {
  projectId: number;
  page: { relativePathId: number } | { path: string };
  recordedPath: string | null;
  itemTypeId: number;
  itemStatusId: number;
  title: string;
  /** Sanitised. */
  descriptionHtml: string;
  assigneeUserId: number | null;
  releaseId: number | null;
  createdBy: number;
  tags: readonly string[];
  externalUrls: readonly string[];
};

/** What {@link insertCheckedItemRows} wrote that its caller cannot know: ids and times. */
export type WrittenItemRows = {
  itemId: number;
  relativePathId: number;
  createdAt: Date;
  updatedAt: Date;
  historyId: number;
  changedAt: Date;
};

/** What {@link insertCheckedItemRows} read and wrote. */
export type CheckedItemRows = {
  checks: NewItemCheckRow;
  /** False when the project was deleted before the statement could lock it: nothing written. */
  projectFound: boolean;
  /** The rules' version placed on was still the project's, and is held until the statement ends. */
  rulesHeld: boolean;
  /** Null when nothing was written: checks refused, the rules changed, or the path raced. */
  written: WrittenItemRows | null;
};

/**
 * A whole create in ONE statement, its own transaction (issue 34, decision 0104): the checks
 * (newItemCheckColumns), then, only when they pass and the project's URL-rules version row can be
 * share-locked with `rulesVersion` still on it, the item, its tags and links in order and its
 * creation history entry, with its page's path row found or inserted in it (issue 34: four or five
 * round trips before). Data-modifying CTEs: every row trigger (search index, change feed, live
 * events, the history's notifications and webhooks) and every foreign-key check runs at the
 * statement's end and sees all of its rows. The answer, with what the caller sent, is the create's
 * whole answer: no read of the new rows follows. Nothing is written when the path was inserted by a
 * concurrent transaction after this statement's snapshot (its insert conflicts, its read cannot see
 * the row); `rulesHeld` then stays true. The lock is what makes
 * cached rules safe: READ COMMITTED re-checks a locked row's condition on its newest version, so
 * a rules change committed after this statement's snapshot is seen, and one after the lock waits
 * for this statement (lockUrlRules bumps the version first). The caller asserts the checks
 * (assertNewItemChecks) and, when they pass but nothing was written, reads the rules and retries.
 */
export async function insertCheckedItemRows(
  db: Db | Transaction,
  scope: ProjectScope,
  input: NewItemCheckInput,
  row: NewItemRow & { page: { path: string } },
  rulesVersion: number,
): Promise<CheckedItemRows> {
  const shape = newItemShape(input);
  const { rows } = await preparedStatement<
    NewItemCheckRow & { rules_held: boolean; project_found: boolean } & WrittenRowColumns
  >(db, `create_item_${shape.name}`, () => newItemStatement(shape)).execute({
    orgId: scope.orgId,
    projectId: scope.projectId,
    userId: input.userId,
    itemTypeId: input.itemTypeId ?? null,
    itemStatusId: input.itemStatusId ?? null,
    releaseId: input.releaseId ?? null,
    assigneeUserId: input.assigneeUserId ?? null,
    rulesVersion,
    path: row.page.path,
    recordedPath: row.recordedPath,
    rowItemTypeId: row.itemTypeId,
    rowItemStatusId: row.itemStatusId,
    title: row.title,
    descriptionHtml: row.descriptionHtml,
    rowAssigneeUserId: row.assigneeUserId,
    rowReleaseId: row.releaseId,
    createdBy: row.createdBy,
    tags: row.tags,
    externalUrls: row.externalUrls,
  });
  const [answer] = rows;
  if (!answer) throw new Error('New item statement returned no row');
  const {
    rules_held: rulesHeld,
    project_found: projectFound,
    closedAt,
    planId,
    authorName,
    ...rest
  } = answer;
  const { itemType, itemStatus, release, assignee } = rest;
  return {
    checks: { closedAt, planId, authorName, itemType, itemStatus, release, assignee },
    projectFound,
    rulesHeld,
    written: answer.item_id == null ? null : writtenItemRows(answer),
  };
}

/**
 * What a create's statement text depends on: which references were sent and which gated features
 * are used (the checks' columns and their pass condition); its values are the statement's
 * parameters. `name` tells the shapes apart, for the named prepared statement of each.
 */
function newItemShape(input: NewItemCheckInput) {
  const refs = {
    itemTypeId: input.itemTypeId != null,
    itemStatusId: input.itemStatusId != null,
    releaseId: input.releaseId != null,
    assigneeUserId: input.assigneeUserId != null,
  };
  const gated = {
    tags: Boolean(input.tags?.length),
    externalUrls: Boolean(input.externalUrls?.length),
  };
  const flags = [...Object.values(refs), ...Object.values(gated)];
  return { refs, gated, name: flags.map((flag) => (flag ? 1 : 0)).join('') };
}

/**
 * The create's statement for one {@link newItemShape}, its values placeholders named as
 * insertCheckedItemRows fills them. The checks' builders take values; given placeholders where
 * the shape has a value (and nothing where it has none), they write the same SQL as for the
 * values themselves, so the statement is the one they would build per call (decision 0112).
 */
function newItemStatement({ refs, gated }: ReturnType<typeof newItemShape>): SQL {
  // Typed as the values they stand for: the builders only interpolate them.
  const value = <T>(name: string) => sql.placeholder(name) as unknown as T;
  const scope = { orgId: value<number>('orgId'), projectId: value<number>('projectId') };
  const ref = (name: keyof typeof refs) => (refs[name] ? value<number>(name) : undefined);
  const input: NewItemCheckInput = {
    userId: value('userId'),
    itemTypeId: ref('itemTypeId'),
    itemStatusId: ref('itemStatusId'),
    releaseId: ref('releaseId'),
    assigneeUserId: ref('assigneeUserId'),
    // Only whether they are empty is read (the features they use); their values are the row's.
    tags: gated.tags ? [''] : [],
    externalUrls: gated.externalUrls ? [''] : [],
  };
  const columns = Object.entries(newItemCheckColumns({ ...scope, accessLevelId: 0 }, input)).map(
    ([name, column]) => sql`${column} as ${sql.identifier(name)}`,
  );
  const row: NewItemRow & { page: { path: string } } = {
    projectId: scope.projectId,
    page: { path: value('path') },
    recordedPath: value('recordedPath'),
    itemTypeId: value('rowItemTypeId'),
    itemStatusId: value('rowItemStatusId'),
    title: value('title'),
    descriptionHtml: value('descriptionHtml'),
    assigneeUserId: value('rowAssigneeUserId'),
    releaseId: value('rowReleaseId'),
    createdBy: value('createdBy'),
    tags: value('tags'),
    externalUrls: value('externalUrls'),
  };
  // The project's row is key-share locked before the rules' version row (decision 0129): a
  // project's delete locks the project, then its cascade the version row; the other way round
  // the two deadlocked. A project deleted meanwhile is found gone here, and nothing is written.
  return sql`with checks as (select ${sql.join(columns, sql`, `)}),
      project as (
        select 1 from ${projects} where ${projects.id} = ${scope.projectId}
        for key share of ${projects}),
      locked as (
        select 1 from ${urlRulesVersions}
        where ${urlRulesVersions.projectId} = ${scope.projectId}
          and ${urlRulesVersions.version} = ${value<number>('rulesVersion')}
          and exists (select 1 from project)
          and exists (select 1 from checks where ${newItemChecksPassSql(input)})
        for share of ${urlRulesVersions}),
      rules as (
        select exists (select 1 from locked) as hold, exists (select 1 from project) as found),
      ${itemRowsCtes(row)}
      select checks.*, (select hold from rules) as rules_held,
        (select found from rules) as project_found, written.*
      from checks left join lateral (select ${writtenColumns} from item, history) written on true`;
}

/**
 * The data-modifying CTEs of a new item's rows, after a CTE `rules` answering one row whose
 * `hold` says whether to write: `page`, `item` (its id, page id and times), its `tags`, `urls`
 * and `history` (id and time).
 */
function itemRowsCtes(row: NewItemRow): SQL {
  const page =
    'path' in row.page
      ? sql`inserted_path as (
          insert into ${relativePaths} (project_id, path)
          select ${row.projectId}, ${row.page.path} from rules where rules.hold
          on conflict do nothing returning id),
        page as (select id from inserted_path union all (
          select ${relativePaths.id} as id from ${relativePaths}
          where ${relativePaths.projectId} = ${row.projectId}
            and ${relativePaths.path} = ${row.page.path}) limit 1),`
      : sql`page as (select ${row.page.relativePathId}::int as id),`;
  return sql`${page}
      item as (
        insert into ${items} (project_id, relative_path_id, recorded_path, item_type_id,
          item_status_id, title, description_html, assignee_user_id, release_id, created_by)
        select ${row.projectId}, page.id, ${row.recordedPath}, ${row.itemTypeId},
          ${row.itemStatusId}, ${row.title}, ${row.descriptionHtml}, ${row.assigneeUserId},
          ${row.releaseId}, ${row.createdBy} from page, rules where rules.hold
        returning id, relative_path_id, created_at, updated_at),
      tags as (
        insert into ${itemTags} (item_id, tag, position)
        select item.id, listed.tag, listed.ord - 1
        from item, unnest(${sql.param(row.tags)}::text[]) with ordinality as listed(tag, ord)),
      urls as (
        insert into ${itemExternalUrls} (item_id, url, position)
        select item.id, listed.url, listed.ord - 1
        from item, unnest(${sql.param(row.externalUrls)}::text[]) with ordinality as listed(url, ord)),
      history as (
        insert into ${itemHistory} (item_id, user_id, field, before, after)
        select item.id, ${row.createdBy}, ${CREATED_HISTORY_FIELD}, null, ${row.title} from item
        returning id, created_at)`;
}

const writtenColumns = sql`item.id as item_id, item.relative_path_id, item.created_at,
  item.updated_at, history.id as history_id, history.created_at as changed_at`;

type WrittenRowColumns = {
  item_id: number;
  relative_path_id: number;
  created_at: string;
  updated_at: string;
  history_id: number;
  changed_at: string;
};

function writtenItemRows(written: WrittenRowColumns): WrittenItemRows {
  return {
    itemId: written.item_id,
    relativePathId: written.relative_path_id,
    createdAt: new Date(written.created_at),
    updatedAt: new Date(written.updated_at),
    historyId: written.history_id,
    changedAt: new Date(written.changed_at),
  };
}
