import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useBanner } from '../../../components/banner/use-banner';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';

/** Props of {@link DeleteRowDialog}. */
export type DeleteRowDialogProps<T> = {
  /** spec §2 Dialogs: "Delete Associated Domain", "Delete URL Path" or "Delete URL Alias". */
  title: string;
  /** What deleting it does. */
  text: string;
  /** What to delete (a saved row's id, an alias's address), or null when closed. */
  target: T | null;
  /** Deletes it; the server's text. */
  remove: (target: T) => Promise<string>;
  onClose: () => void;
  onDeleted: () => Promise<void>;
  /**
   * Called after a failed delete, once the dialog closed. Without it the failure is only logged
   * (spec §8, for sites and paths).
   */
  onFailed?: (error: unknown) => Promise<void>;
};

/**
 * A delete confirmation for a domain, a path or a path's alias. spec §8: the server's text shows
 * in the banner; a failed delete of a site or path is only logged, what `onFailed` does for
 * anything else (an alias: the error banner).
 */
export function DeleteRowDialog<T>({
  title,
  text,
  target,
  remove,
  onClose,
  onDeleted,
  onFailed,
}: DeleteRowDialogProps<T>) {
  const { showBanner } = useBanner();
  const mutation = useMutation({
    mutationFn: (chosen: T) => remove(chosen),
    onSuccess: async (message) => {
      if (message) showBanner(message);
      onClose();
      await onDeleted();
    },
    onError: async (error) => {
      onClose();
      if (onFailed) await onFailed(error);
      else console.error(`${title} failed`, error);
    },
  });
  return (
    <ConfirmDialog
      opened={target !== null}
      title={title}
      confirmLabel="Delete"
      isWorking={mutation.isPending}
      onConfirm={() => {
        if (target !== null) mutation.mutate(target);
      }}
      onClose={onClose}
    >
      <Text>{text}</Text>
    </ConfirmDialog>
  );
}
