import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconColumns, IconSearch } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { BOARD_GROUPS, ORG_CLOSED_MESSAGE, type TWorkspaceItem } from '@waymark/core';
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { createCallApi } from '../api/index';
import { OrgWritable, useChromeApi } from '../ui/index';
import { GROUP_LABELS, LazyBoardView } from './board/index';
import { BulkBar } from './bulk-bar';
import { COLUMNS, moveColumn, visibleColumns } from './columns';
import { ErrorAlert } from './error-alert';
import { ImportButton } from './import-button';
import { ExportMenu } from './export-menu';
import { ItemsTable } from './items-table';
import { LazyItemDrawer } from './lazy-views';
import { LiveBadge } from './live-badge';
import { SavedViews } from './saved-views';
import { NO_FIRST_ROWS, type FirstRows } from './start/first-rows';
import { markOnce } from './start/marks';
import { useLiveWorkspace } from './use-live-workspace';
import { useWorkspaceRows } from './use-workspace-rows';
import {
  filterOf,
  formatView,
  parseView,
  savedStateOf,
  viewOfSaved,
  type ViewState,
} from './view-state';

const DEFAULT_COLUMNS = COLUMNS.map((column) => column.key as string).filter((k) => k !== 'title');
const COLUMNS_KEY = 'waymark.workspace.columns';

/**
 * The project workspace page (issue 28): every item of a project at once. `firstRows` is the
 * table's first page as the page's entry already asked for it (main.tsx).
 */
export function WorkspaceApp({ firstRows = NO_FIRST_ROWS }: { firstRows?: FirstRows }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  useLayoutEffect(() => markOnce('first-render'), []);
  return (
    <QueryClientProvider client={queryClient}>
      <WorkspaceBody firstRows={firstRows} />
    </QueryClientProvider>
  );
}

/** The view, kept in the address (replaceState: filtering does not flood the history). */
function useView(): [ViewState, (change: Partial<ViewState>) => void] {
  const [view, setView] = useState(() => parseView(window.location.search));
  const update = useCallback((change: Partial<ViewState>) => {
    setView((current) => {
      const next = { ...current, ...change };
      window.history.replaceState(null, '', `${window.location.pathname}${formatView(next)}`);
      return next;
    });
  }, []);
  return [view, update];
}

function useColumnOrder(): [string[], (keys: string[]) => void] {
  const [keys, setKeys] = useState<string[]>(() => {
    try {
      const saved: unknown = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? 'null');
      return Array.isArray(saved)
        ? saved.filter((key) => typeof key === 'string')
        : DEFAULT_COLUMNS;
    } catch {
      return DEFAULT_COLUMNS;
    }
  });
  const save = (next: string[]) => {
    setKeys(next);
    localStorage.setItem(COLUMNS_KEY, JSON.stringify(next));
  };
  return [keys, save];
}

function WorkspaceBody({ firstRows }: { firstRows: FirstRows }) {
  const api = useChromeApi();
  const callApi = useMemo(() => createCallApi(api), [api]);
  const [view, setView] = useView();
  const [columnKeys, setColumnKeys] = useColumnOrder();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<TWorkspaceItem | null>(null);
  // The drawer's code loads when an item is first opened; it stays mounted after, so it animates.
  const [wasOpened, setWasOpened] = useState(false);
  if (opened && !wasOpened) setWasOpened(true);
  const [text, setText] = useState(view.text);
  const [openedViewName, setOpenedViewName] = useState<string | null>(null);
  useEffect(() => {
    // Searches as the user types, once they pause.
    const timer = setTimeout(() => {
      if (text !== view.text) setView({ text });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, view.text, setView]);

  const orgs = useQuery({ queryKey: ['orgs'], queryFn: () => callApi('getOrgs', {}) });
  const orgId = view.orgId ?? orgs.data?.[0]?.orgId ?? 0;
  // Issue 33: a closed organization's items are read here, never changed (the server says 409).
  const isWritable = !orgs.data?.find((org) => org.orgId === orgId)?.closure;
  const projects = useQuery({
    queryKey: ['projects', orgId],
    queryFn: () => callApi('getAllProjects', { params: { orgId } }),
    enabled: orgId > 0,
  });
  const projectId = view.projectId ?? 0;
  const statuses = useQuery({
    queryKey: ['statuses', orgId],
    queryFn: () => callApi('getStatusOptions', { params: { orgId } }),
    enabled: orgId > 0,
  });
  const types = useQuery({
    queryKey: ['types', orgId],
    queryFn: () => callApi('getItemTypeOptions', { params: { orgId } }),
    enabled: orgId > 0,
  });
  const assignees = useQuery({
    queryKey: ['assignees', projectId],
    queryFn: () => callApi('getAssigneeOptions', { params: { projectId } }),
    enabled: projectId > 0,
  });
  const releases = useQuery({
    queryKey: ['releases', projectId],
    queryFn: () => callApi('getReleaseOptions', { params: { projectId } }),
    enabled: projectId > 0,
  });
  const { query, rows, total } = useWorkspaceRows(callApi, view, firstRows);
  const liveState = useLiveWorkspace(api, projectId);
  const projectName =
    projects.data?.find((project) => project.projectId === projectId)?.projectName ?? 'project';
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const statusOptions = (statuses.data ?? []).map((status) => ({
    value: String(status.itemStatusId),
    label: status.itemStatusDescription,
  }));
  const typeOptions = (types.data ?? []).map((type) => ({
    value: String(type.itemTypeId),
    label: type.itemTypeDescription,
  }));
  const assigneeOptions = (assignees.data ?? []).map((person) => ({
    value: String(person.userId),
    label: person.fullName,
  }));
  const releaseOptions = (releases.data ?? []).map((release) => ({
    value: String(release.releaseId),
    label: release.releaseTitle,
  }));
  // Stable between renders: the table's memoized rows render again only when these change.
  const columns = useMemo(() => visibleColumns(columnKeys), [columnKeys]);
  const select = useCallback(
    (itemIds: number[], isSelected: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const itemId of itemIds) {
          if (isSelected) next.add(itemId);
          else next.delete(itemId);
        }
        return next;
      }),
    [],
  );
  const toIds = (values: string[]) => values.map(Number);
  const toValues = (ids: number[]) => ids.map(String);

  if (orgs.isError)
    return <ErrorAlert error={orgs.error} title="Sign in from the Waymark panel first" />;
  return (
    <OrgWritable isWritable={isWritable}>
      <Stack p="md" gap="sm" component="main">
        <Group justify="space-between">
          <Title order={1} size="h3">
            Project workspace
          </Title>
          <Select
            aria-label="Project"
            placeholder="Choose a project"
            data={(projects.data ?? []).map((project) => ({
              value: String(project.projectId),
              label: project.projectName,
            }))}
            value={projectId > 0 ? String(projectId) : null}
            onChange={(value) => {
              setSelected(new Set());
              setOpenedViewName(null);
              setView({ orgId, projectId: value ? Number(value) : null });
            }}
          />
        </Group>
        {!isWritable && (
          <Alert color="red" variant="light" title="This organization is closed" role="status">
            {ORG_CLOSED_MESSAGE}
          </Alert>
        )}
        {projectId === 0 ? (
          <Text>Choose a project to see all of its items.</Text>
        ) : (
          <>
            <Group gap="xs" align="end" role="search" aria-label="Filter items" wrap="wrap">
              <TextInput
                label="Search"
                size="xs"
                w={260}
                placeholder='words, "a phrase", -not'
                leftSection={<IconSearch size={14} aria-hidden />}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
              />
              <TextInput
                label="Page path starts with"
                size="xs"
                w={180}
                value={view.pathPrefix}
                onChange={(event) => setView({ pathPrefix: event.currentTarget.value })}
              />
              <MultiSelect
                label="Status"
                size="xs"
                w={180}
                data={statusOptions}
                value={toValues(view.itemStatusIds)}
                onChange={(values) => setView({ itemStatusIds: toIds(values) })}
              />
              <MultiSelect
                label="Type"
                size="xs"
                w={160}
                data={typeOptions}
                value={toValues(view.itemTypeIds)}
                onChange={(values) => setView({ itemTypeIds: toIds(values) })}
              />
              <MultiSelect
                label="Assignee"
                size="xs"
                w={180}
                data={[{ value: '0', label: 'Unassigned' }, ...assigneeOptions]}
                value={toValues(view.assigneeUserIds)}
                onChange={(values) => setView({ assigneeUserIds: toIds(values) })}
              />
              <MultiSelect
                label="Release"
                size="xs"
                w={160}
                data={[{ value: '0', label: 'No release' }, ...releaseOptions]}
                value={toValues(view.releaseIds)}
                onChange={(values) => setView({ releaseIds: toIds(values) })}
              />
              <TagsInput
                label="Tags"
                size="xs"
                w={180}
                value={view.tags}
                onChange={(tags) => setView({ tags })}
              />
            </Group>
            <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Workspace">
              <SegmentedControl
                size="xs"
                aria-label="Layout"
                data={[
                  { value: 'table', label: 'Table' },
                  { value: 'board', label: 'Board' },
                ]}
                value={view.layout}
                onChange={(layout) => setView({ layout: layout === 'board' ? 'board' : 'table' })}
              />
              {view.layout === 'board' ? (
                <Select
                  size="xs"
                  w={150}
                  aria-label="Group the board by"
                  allowDeselect={false}
                  data={BOARD_GROUPS.map((group) => ({
                    value: group,
                    label: `By ${GROUP_LABELS[group].toLowerCase()}`,
                  }))}
                  value={view.boardGroup}
                  onChange={(group) => group && setView({ boardGroup: group })}
                />
              ) : (
                <ColumnMenu keys={columnKeys} onChange={setColumnKeys} />
              )}
              {isWritable && (
                <SavedViews
                  callApi={callApi}
                  projectId={projectId}
                  current={savedStateOf(view, columnKeys)}
                  openedName={openedViewName}
                  onOpen={(saved) => {
                    setOpenedViewName(saved.name);
                    setText(saved.state.filter.text ?? '');
                    setColumnKeys(saved.state.columns);
                    setSelected(new Set());
                    setView(viewOfSaved(view, saved.state));
                  }}
                />
              )}
              <ExportMenu
                api={api}
                projectId={projectId}
                projectName={projectName}
                filter={filterOf(view)}
              />
              {isWritable && <ImportButton projectId={projectId} callApi={callApi} />}
              <LiveBadge state={liveState} />
            </Group>
            {isWritable && (
              <BulkBar
                projectId={projectId}
                selectedIds={[...selected]}
                statuses={statusOptions}
                assignees={assigneeOptions}
                releases={releaseOptions}
                callApi={callApi}
                onDone={() => setSelected(new Set())}
              />
            )}
            <Text size="sm" aria-live="polite">
              {query.isPending ? 'Loading…' : `${total} items`}
            </Text>
            {query.isError && (
              <ErrorAlert error={query.error} title="The items could not be listed" />
            )}
            {view.layout === 'board' ? (
              <Suspense fallback={<Loader size="sm" aria-label="Loading the board" />}>
                <LazyBoardView
                  callApi={callApi}
                  projectId={projectId}
                  group={view.boardGroup}
                  options={{
                    status: statusOptions,
                    type: typeOptions,
                    assignee: assigneeOptions,
                    release: releaseOptions,
                  }}
                  filter={filterOf(view)}
                  sort={view.sort}
                  onOpen={setOpened}
                />
              </Suspense>
            ) : query.isPending ? (
              <Loader size="sm" aria-label="Loading the items" />
            ) : (
              <ItemsTable
                rows={rows}
                total={total}
                columns={columns}
                sort={view.sort}
                onSort={(sort) => setView({ sort })}
                selected={selected}
                onSelect={select}
                onOpen={setOpened}
                onNearEnd={loadMore}
              />
            )}
            {wasOpened && (
              <Suspense fallback={null}>
                <LazyItemDrawer
                  item={opened}
                  callApi={callApi}
                  api={api}
                  onClose={() => setOpened(null)}
                />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </OrgWritable>
  );
}

/** Which columns show and in what order (kept in this browser). */
function ColumnMenu({ keys, onChange }: { keys: string[]; onChange: (keys: string[]) => void }) {
  const order = [...keys, ...DEFAULT_COLUMNS.filter((key) => !keys.includes(key))];
  return (
    <Menu closeOnItemClick={false} position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns size={14} aria-hidden />}>
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {order.map((key) => {
          const column = COLUMNS.find((candidate) => candidate.key === key);
          if (!column) return null;
          const isShown = keys.includes(key);
          return (
            <Group key={key} gap={4} px="xs" py={2} wrap="nowrap">
              <Checkbox
                size="xs"
                label={column.label}
                checked={isShown}
                onChange={() =>
                  onChange(isShown ? keys.filter((other) => other !== key) : [...keys, key])
                }
              />
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Move ${column.label} left`}
                disabled={!isShown}
                onClick={() => onChange(moveColumn(keys, key, -1))}
              >
                ←
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={`Move ${column.label} right`}
                disabled={!isShown}
                onClick={() => onChange(moveColumn(keys, key, 1))}
              >
                →
              </Button>
            </Group>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
