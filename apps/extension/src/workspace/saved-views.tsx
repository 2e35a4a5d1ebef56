import { ActionIcon, Button, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmark, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SAVED_VIEW_NAME_MAX, type TSavedView, type TSavedViewState } from '@waymark/core';
import { useState, type FormEvent } from 'react';
import type { CallApi } from '../api/index';
import { ErrorAlert } from './error-alert';

/**
 * The user's saved views of the project (kept on the server, private to them): save the current
 * filters, sort, columns and layout under a name (an existing name is replaced), open one,
 * rename or delete it.
 */
export function SavedViews({
  callApi,
  projectId,
  current,
  openedName,
  onOpen,
}: {
  callApi: CallApi;
  projectId: number;
  /** What the page shows now: what "Save" keeps. */
  current: TSavedViewState;
  /** The name of the view last opened or saved, offered when saving again. */
  openedName: string | null;
  onOpen: (view: TSavedView) => void;
}) {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ viewId: number; name: string } | null>(null);
  const key = ['saved-views', projectId];
  const views = useQuery({
    queryKey: key,
    queryFn: () => callApi('listSavedViews', { body: { projectId } }),
    enabled: isOpen,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (viewName: string) =>
      callApi('saveView', { body: { projectId, name: viewName, state: current } }),
    onSuccess: async (view) => {
      onOpen(view);
      setName('');
      await refresh();
    },
  });
  const rename = useMutation({
    mutationFn: (change: { viewId: number; name: string }) =>
      callApi('renameView', { body: { projectId, ...change } }),
    onSuccess: async () => {
      setRenaming(null);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (viewId: number) => callApi('deleteView', { body: { projectId, viewId } }),
    onSuccess: refresh,
  });
  const submitSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name.trim() === '' ? (openedName ?? '') : name);
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming) rename.mutate(renaming);
  };
  const error = save.error ?? rename.error ?? remove.error ?? views.error;

  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      position="bottom-end"
      width={340}
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBookmark size={14} aria-hidden />}
          onClick={() => setOpen((open) => !open)}
          aria-expanded={isOpen}
        >
          {openedName ? `View: ${openedName}` : 'Saved views'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Saved views">
        <Stack gap="xs">
          <form onSubmit={submitSave}>
            <Group gap="xs" align="end" wrap="nowrap">
              <TextInput
                size="xs"
                label="Save this view as"
                placeholder={openedName ?? 'e.g. Open bugs'}
                maxLength={SAVED_VIEW_NAME_MAX}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button size="xs" type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </form>
          {error && <ErrorAlert error={error} title="Saved views" />}
          {views.data?.length === 0 && <Text size="sm">No saved views yet.</Text>}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {views.data?.map((view) =>
              renaming?.viewId === view.viewId ? (
                <li key={view.viewId}>
                  <form onSubmit={submitRename}>
                    <Group gap={4} wrap="nowrap">
                      <TextInput
                        size="xs"
                        aria-label={`New name of ${view.name}`}
                        maxLength={SAVED_VIEW_NAME_MAX}
                        value={renaming.name}
                        onChange={(event) =>
                          setRenaming({ viewId: view.viewId, name: event.currentTarget.value })
                        }
                        style={{ flex: 1 }}
                        data-autofocus
                      />
                      <Button size="compact-xs" type="submit" loading={rename.isPending}>
                        Rename
                      </Button>
                      <Button size="compact-xs" variant="subtle" onClick={() => setRenaming(null)}>
                        Cancel
                      </Button>
                    </Group>
                  </form>
                </li>
              ) : (
                <li key={view.viewId}>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      style={{ flex: 1 }}
                      justify="start"
                      onClick={() => {
                        onOpen(view);
                        setOpen(false);
                      }}
                    >
                      {view.name}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Rename ${view.name}`}
                      onClick={() => setRenaming({ viewId: view.viewId, name: view.name })}
                    >
                      <IconPencil size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${view.name}`}
                      loading={remove.isPending && remove.variables === view.viewId}
                      onClick={() => remove.mutate(view.viewId)}
                    >
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                </li>
              ),
            )}
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
