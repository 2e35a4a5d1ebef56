import { z } from 'zod';
import { ZId, ZTimestamp } from './ids';
import { ZText } from './text';
import { ZWorkspaceFilter } from './workspace';
import { BOARD_GROUPS, WORKSPACE_SORT_COLUMNS } from './workspace-words';

/** Most saved views one user keeps per project. */
export const SAVED_VIEWS_MAX = 50;
/** Longest name of a saved view. */
export const SAVED_VIEW_NAME_MAX = 80;

/** Answered when a user already keeps {@link SAVED_VIEWS_MAX} views of a project. */
export const SAVED_VIEWS_LIMIT_MESSAGE = `You can keep at most ${SAVED_VIEWS_MAX} saved views per project. Delete one first.`;
/** Answered when a rename takes the name of another of the user's views of the project. */
export const SAVED_VIEW_NAME_TAKEN_MESSAGE = 'You already have a view with this name.';

/** The columns a workspace table can show (every sort column, and tags). */
export const WORKSPACE_COLUMN_KEYS = [...WORKSPACE_SORT_COLUMNS, 'tags'] as const;
export { BOARD_GROUPS, type TBoardGroup } from './workspace-words';

/** A view's name: trimmed, 1 to {@link SAVED_VIEW_NAME_MAX} characters. */
export const ZSavedViewName = ZText.trim()
  .min(1, 'Name the view.')
  .max(SAVED_VIEW_NAME_MAX, `A view's name has at most ${SAVED_VIEW_NAME_MAX} characters.`);

/**
 * Everything a saved view brings back: filters, sort, table columns, table or board. Strict: it
 * is stored as sent, so a field it does not know is a 400 rather than kept.
 */
export const ZSavedViewState = z.strictObject({
  filter: ZWorkspaceFilter,
  sort: z.object({
    column: z.enum(WORKSPACE_SORT_COLUMNS),
    direction: z.enum(['asc', 'desc']),
  }),
  /** The table's columns after the title, in order. */
  columns: z
    .array(z.enum(WORKSPACE_COLUMN_KEYS))
    .max(WORKSPACE_COLUMN_KEYS.length)
    .refine((list) => new Set(list).size === list.length, 'Each column once.'),
  layout: z.enum(['table', 'board']),
  boardGroup: z.enum(BOARD_GROUPS),
});
/** Everything a saved view brings back. */
export type TSavedViewState = z.infer<typeof ZSavedViewState>;

/** A user's saved view of a project's workspace. */
export const ZSavedView = z.object({
  viewId: ZId,
  projectId: ZId,
  name: z.string(),
  state: ZSavedViewState,
  updatedAt: ZTimestamp,
});
/** A saved view. */
export type TSavedView = z.infer<typeof ZSavedView>;

/** Saves the current view under a name; a view of that name (case ignored) is replaced. */
export const ZSaveViewRequest = z.object({
  projectId: ZId,
  name: ZSavedViewName,
  state: ZSavedViewState,
});
/** Saves a view. */
export type TSaveViewRequest = z.input<typeof ZSaveViewRequest>;

/** Renames one of the caller's views. */
export const ZRenameViewRequest = z.object({
  projectId: ZId,
  viewId: ZId,
  name: ZSavedViewName,
});
/** Renames a view. */
export type TRenameViewRequest = z.input<typeof ZRenameViewRequest>;

/** Deletes one of the caller's views. */
export const ZDeleteViewRequest = z.object({ projectId: ZId, viewId: ZId });
/** Deletes a view. */
export type TDeleteViewRequest = z.input<typeof ZDeleteViewRequest>;

/** The caller's views of a project. */
export const ZListViewsRequest = z.object({ projectId: ZId });
