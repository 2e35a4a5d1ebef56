import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TAttachment } from '@waymark/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/error-alert';
import { PanelDialog } from '../../../shared/panel-dialog';
import { useCallApi } from '../../../shared/use-call-api';

/** Deletes an attachment after the user confirms in a dialog. */
export function DeleteAttachmentButton({
  attachment,
  onDeleted,
}: {
  attachment: TAttachment;
  onDeleted: () => void;
}) {
  const callApi = useCallApi();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () =>
      callApi('deleteAttachment', {
        params: { itemId: attachment.itemId, attachmentId: attachment.attachmentId },
      }),
    onSuccess: () => {
      setIsOpen(false);
      onDeleted();
    },
  });
  return (
    <>
      <Button
        size="compact-xs"
        color="red"
        variant="subtle"
        aria-label={`Delete ${attachment.fileName}`}
        onClick={() => setIsOpen(true)}
      >
        Delete
      </Button>
      <PanelDialog opened={isOpen} onClose={() => setIsOpen(false)} title="Delete attachment">
        <Text size="sm">Delete “{attachment.fileName}” from this item? This cannot be undone.</Text>
        {remove.isError && (
          <ErrorAlert error={remove.error} title="The attachment was not deleted" />
        )}
        <Group justify="flex-end" mt="md" gap="xs">
          <Button variant="default" onClick={() => setIsOpen(false)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete attachment
          </Button>
        </Group>
      </PanelDialog>
    </>
  );
}
