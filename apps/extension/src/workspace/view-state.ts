import {
  BOARD_GROUPS,
  WORKSPACE_SORT_COLUMNS,
  type TBoardGroup,
  type TSavedViewState,
  type TWorkspaceFilter,
  type TWorkspaceSortColumn,
} from '@waymark/core';

/** What the workspace shows: kept in the page's address so a view can be bookmarked and shared. */
export type ViewState = {
  orgId: number | null;
  projectId: number | null;
  text: string;
  itemStatusIds: number[];
  itemTypeIds: number[];
  /** 0 stands for "unassigned". */
  assigneeUserIds: number[];
  /** 0 stands for "no release". */
  releaseIds: number[];
  tags: string[];
  pathPrefix: string;
  sort: { column: TWorkspaceSortColumn; direction: 'asc' | 'desc' };
  /** The table, or the board of cards. */
  layout: 'table' | 'board';
  /** The field the board's columns are. */
  boardGroup: TBoardGroup;
};

/** The workspace before any choice: most recently changed first. */
export const DEFAULT_VIEW: ViewState = {
  orgId: null,
  projectId: null,
  text: '',
  itemStatusIds: [],
  itemTypeIds: [],
  assigneeUserIds: [],
  releaseIds: [],
  tags: [],
  pathPrefix: '',
  sort: { column: 'updated', direction: 'desc' },
  layout: 'table',
  boardGroup: 'status',
};

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

// A hand-edited address may hold anything: unknown parts are dropped, never an error.
const ids = (value: string | null, allowZero = false): number[] =>
  (value ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && (id > 0 || (allowZero && id === 0)))
    .slice(0, 100);

const SORT_COLUMNS = new Set<string>(WORKSPACE_SORT_COLUMNS);
const BOARD_GROUP_SET = new Set<string>(BOARD_GROUPS);

function parseSort(value: string | null): ViewState['sort'] {
  const [column = '', direction = ''] = (value ?? '').split('.');
  if (!SORT_COLUMNS.has(column) || (direction !== 'asc' && direction !== 'desc'))
    return DEFAULT_VIEW.sort;
  return { column: column as TWorkspaceSortColumn, direction };
}

/** Reads a view from the address's query (`?project=3&status=1,2&sort=title.asc`). */
export function parseView(search: string): ViewState {
  const params = new URLSearchParams(search);
  return {
    orgId: positiveId(params.get('org')),
    projectId: positiveId(params.get('project')),
    text: (params.get('q') ?? '').slice(0, 200),
    itemStatusIds: ids(params.get('status')),
    itemTypeIds: ids(params.get('type')),
    assigneeUserIds: ids(params.get('assignee'), true),
    releaseIds: ids(params.get('release'), true),
    tags: params.getAll('tag').filter(Boolean).slice(0, 100),
    pathPrefix: (params.get('path') ?? '').slice(0, 2_000),
    sort: parseSort(params.get('sort')),
    layout: params.get('layout') === 'board' ? 'board' : 'table',
    boardGroup: BOARD_GROUP_SET.has(params.get('group') ?? '')
      ? (params.get('group') as TBoardGroup)
      : DEFAULT_VIEW.boardGroup,
  };
}

/** Writes a view as an address query; parts at their default are left out. */
export function formatView(view: ViewState): string {
  const params = new URLSearchParams();
  if (view.orgId !== null) params.set('org', String(view.orgId));
  if (view.projectId !== null) params.set('project', String(view.projectId));
  if (view.text) params.set('q', view.text);
  const lists = [
    ['status', view.itemStatusIds],
    ['type', view.itemTypeIds],
    ['assignee', view.assigneeUserIds],
    ['release', view.releaseIds],
  ] as const;
  for (const [key, list] of lists) if (list.length > 0) params.set(key, list.join(','));
  for (const tag of view.tags) params.append('tag', tag);
  if (view.pathPrefix) params.set('path', view.pathPrefix);
  const { column, direction } = view.sort;
  if (column !== DEFAULT_VIEW.sort.column || direction !== DEFAULT_VIEW.sort.direction)
    params.set('sort', `${column}.${direction}`);
  if (view.layout === 'board') params.set('layout', 'board');
  if (view.boardGroup !== DEFAULT_VIEW.boardGroup) params.set('group', view.boardGroup);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The server's filter for a view: empty parts left out. */
export function filterOf(view: ViewState): TWorkspaceFilter {
  return {
    ...(view.text.trim() && { text: view.text.trim() }),
    ...(view.itemStatusIds.length > 0 && { itemStatusIds: view.itemStatusIds }),
    ...(view.itemTypeIds.length > 0 && { itemTypeIds: view.itemTypeIds }),
    ...(view.assigneeUserIds.length > 0 && { assigneeUserIds: view.assigneeUserIds }),
    ...(view.releaseIds.length > 0 && { releaseIds: view.releaseIds }),
    ...(view.tags.length > 0 && { tags: view.tags }),
    ...(view.pathPrefix.trim() && { pathPrefix: view.pathPrefix.trim() }),
  };
}

/** What a saved view keeps of the page: its filters, sort, layout and the table's columns. */
export function savedStateOf(view: ViewState, columns: string[]): TSavedViewState {
  const known = new Set<string>(WORKSPACE_SORT_COLUMNS);
  return {
    filter: filterOf(view),
    sort: view.sort,
    columns: [...new Set(columns)].filter(
      (key): key is TSavedViewState['columns'][number] => known.has(key) || key === 'tags',
    ),
    layout: view.layout,
    boardGroup: view.boardGroup,
  };
}

/** The page's view once a saved view is opened: its project, with the saved parts. */
export function viewOfSaved(
  current: Pick<ViewState, 'orgId' | 'projectId'>,
  saved: TSavedViewState,
): ViewState {
  const { filter } = saved;
  return {
    ...DEFAULT_VIEW,
    orgId: current.orgId,
    projectId: current.projectId,
    text: filter.text ?? '',
    itemStatusIds: filter.itemStatusIds ?? [],
    itemTypeIds: filter.itemTypeIds ?? [],
    assigneeUserIds: filter.assigneeUserIds ?? [],
    releaseIds: filter.releaseIds ?? [],
    tags: filter.tags ?? [],
    pathPrefix: filter.pathPrefix ?? '',
    sort: saved.sort,
    layout: saved.layout,
    boardGroup: saved.boardGroup,
  };
}
