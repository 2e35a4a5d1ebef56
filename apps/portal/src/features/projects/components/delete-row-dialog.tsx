import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import type { EditableRow } from '../../../lib/editable-rows';

/** Props of {@link DeleteRowDialog}. */
export type DeleteRowDialogProps = {
  /** spec §2 Dialogs: "Delete Associated Domain" or "Delete URL Path". */
  title: string;
  /** What deleting it does. */
  text: string;
  /** The saved row to delete, or null when closed. */
  row: EditableRow | null;
  /** Deletes it; the server's text. */
  remove: (id: number) => Promise<string>;
  onClose: () => void;
  onDeleted: () => Promise<void>;
};

/**
 * A delete confirmation for a domain or a path. spec §8: the server's text shows in the banner;
 * a failed delete of a site or path is only logged.
 */
export function DeleteRowDialog({
  title,
  text,
  row,
  remove,
  onClose,
  onDeleted,
}: DeleteRowDialogProps) {
  const { showBanner } = useBanner();
  const mutation = useMutation({
    mutationFn: (id: number) => remove(id),
    onSuccess: async (message) => {
      if (message) showBanner(message);
      onClose();
      await onDeleted();
    },
    onError: (error) => {
      console.error(`${title} failed`, error);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      opened={row !== null}
      title={title}
      confirmLabel="Delete"
      isWorking={mutation.isPending}
      onConfirm={() => {
        if (row?.id) mutation.mutate(row.id);
      }}
      onClose={onClose}
    >
      <Text>{text}</Text>
    </ConfirmDialog>
  );
}
