import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';
import { ITEM_TAG_MAX_LENGTH, ZItemTags } from './item-input';
import { ZItemPerson, ZItemSummary } from './item-detail';
import { ZText } from './text';
import { WORKSPACE_SORT_COLUMNS } from './workspace-words';

/** Most rows one workspace page answers. */
export const WORKSPACE_PAGE_MAX = 1_000;
/** Furthest offset a workspace page may start at (a project's items, in pages of rows). */
export const WORKSPACE_OFFSET_MAX = 1_000_000;
/** Most values one multi-value filter (statuses, tags, …) may hold. */
export const WORKSPACE_FILTER_VALUES_MAX = 100;
/** Most items one bulk edit changes. */
export const BULK_EDIT_MAX = 500;

export { WORKSPACE_SORT_COLUMNS, type TWorkspaceSortColumn } from './workspace-words';

const ids = z.array(ZId).max(WORKSPACE_FILTER_VALUES_MAX);

/**
 * The workspace's filters (issue 28): each given one must hold; a list matches any of its values.
 * `assigneeUserIds` may hold 0 for "unassigned", `releaseIds` 0 for "no release".
 */
export const ZWorkspaceFilter = z.object({
  text: ZText.trim().max(200).optional(),
  itemTypeIds: ids.optional(),
  itemStatusIds: ids.optional(),
  assigneeUserIds: z.array(z.number().int().min(0).max(2_147_483_647)).max(100).optional(),
  releaseIds: z.array(z.number().int().min(0).max(2_147_483_647)).max(100).optional(),
  authorUserIds: ids.optional(),
  tags: z.array(ZText.trim().min(1).max(ITEM_TAG_MAX_LENGTH)).max(100).optional(),
  /** The page path starts with this ("/checkout" matches "/checkout/pay"). */
  pathPrefix: ZText.trim().max(2_000).optional(),
});
/** The workspace's filters. */
export type TWorkspaceFilter = z.infer<typeof ZWorkspaceFilter>;

/** One page of a project's items as the workspace asks for it. */
export const ZListWorkspaceItemsRequest = z.object({
  projectId: ZId,
  filter: ZWorkspaceFilter.default({}),
  sort: z
    .object({ column: z.enum(WORKSPACE_SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .default({ column: 'updated', direction: 'desc' }),
  offset: z.number().int().min(0).max(WORKSPACE_OFFSET_MAX).default(0),
  limit: z.number().int().min(1).max(WORKSPACE_PAGE_MAX).default(200),
});
/** One page of a project's items. */
export type TListWorkspaceItemsRequest = z.input<typeof ZListWorkspaceItemsRequest>;

/** An item as a workspace row shows it: the summary plus its author and creation time. */
export const ZWorkspaceItem = ZItemSummary.extend({
  author: ZItemPerson.nullable(),
  createdAt: ZTimestamp,
});
/** An item as a workspace row shows it. */
export type TWorkspaceItem = z.infer<typeof ZWorkspaceItem>;

/** A page of rows and how many items match the filters in all. */
export const ZWorkspacePage = z.object({
  total: z.number().int().nonnegative(),
  items: z.array(ZWorkspaceItem),
});
/** A page of rows and the total. */
export type TWorkspacePage = z.infer<typeof ZWorkspacePage>;

const ZBulkItemIds = z
  .array(ZId)
  .min(1, 'Select at least one item.')
  .max(BULK_EDIT_MAX, `Change at most ${BULK_EDIT_MAX} items at once.`)
  .refine((list) => new Set(list).size === list.length, 'Each item once.');

/** What a bulk edit changes on every selected item; at least one field. */
export const ZBulkChange = z
  .object({
    itemStatusId: ZId.optional(),
    assigneeUserId: ZId.nullable().optional(),
    releaseId: ZId.nullable().optional(),
    addTags: ZItemTags.optional(),
    removeTags: ZItemTags.optional(),
  })
  .refine(
    (change) => Object.values(change).some((value) => value !== undefined),
    'Choose what to change.',
  );

/** Bulk edit: the same change on many items of one project. */
export const ZBulkUpdateItemsRequest = z.object({
  projectId: ZId,
  itemIds: ZBulkItemIds,
  change: ZBulkChange,
});
/** Bulk edit request. */
export type TBulkUpdateItemsRequest = z.input<typeof ZBulkUpdateItemsRequest>;

/** The bulk-editable fields of one item, as they were: what undo puts back. */
export const ZBulkItemState = z.object({
  itemId: ZId,
  itemStatusId: ZId,
  assigneeUserId: ZId.nullable(),
  releaseId: ZId.nullable(),
  tags: ZItemTags,
});
/** The bulk-editable fields of one item. */
export type TBulkItemState = z.infer<typeof ZBulkItemState>;

/** The answer of a bulk edit: the items it changed and their fields before, for undo. */
export const ZBulkUpdateResult = z.object({
  changedItemIds: z.array(ZId),
  before: z.array(ZBulkItemState),
});
/** The answer of a bulk edit. */
export type TBulkUpdateResult = z.infer<typeof ZBulkUpdateResult>;

/** Undo of a bulk edit: puts each item's fields back as they were. */
export const ZRestoreItemsRequest = z.object({
  projectId: ZId,
  items: z
    .array(ZBulkItemState)
    .min(1)
    .max(BULK_EDIT_MAX)
    .refine(
      (list) => new Set(list.map((item) => item.itemId)).size === list.length,
      'Each item once.',
    ),
});
/** Undo of a bulk edit. */
export type TRestoreItemsRequest = z.input<typeof ZRestoreItemsRequest>;

/** The formats of an export. */
export const EXPORT_FORMATS = ['csv', 'json', 'markdown'] as const;

/** Export of the current view (its filters) or, without filters, of the whole project. */
export const ZExportItemsRequest = z.object({
  projectId: ZId,
  filter: ZWorkspaceFilter.default({}),
  format: z.enum(EXPORT_FORMATS),
});
/** Export request. */
export type TExportItemsRequest = z.input<typeof ZExportItemsRequest>;
