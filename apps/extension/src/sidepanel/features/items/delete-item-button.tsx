import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../shared/error-alert';
import { PanelDialog } from '../../shared/panel-dialog';
import { useCallApi } from '../../shared/use-call-api';

/** Deletes an item after the user confirms in a dialog. */
export function DeleteItemButton({
  itemId,
  title,
  onDeleted,
}: {
  itemId: number;
  title: string;
  onDeleted: () => void;
}) {
  const callApi = useCallApi();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => callApi('deleteItem', { params: { itemId } }),
    onSuccess: () => {
      setIsOpen(false);
      onDeleted();
    },
  });
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={() => setIsOpen(true)}>
        Delete
      </Button>
      <PanelDialog opened={isOpen} onClose={() => setIsOpen(false)} title="Delete item">
        <Text size="sm">
          Delete “{title}” with its notes, links and history? This cannot be undone.
        </Text>
        {remove.isError && <ErrorAlert error={remove.error} title="The item was not deleted" />}
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={() => setIsOpen(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete item
          </Button>
        </Group>
      </PanelDialog>
    </>
  );
}
