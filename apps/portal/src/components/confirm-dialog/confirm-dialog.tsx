import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../skip-link/skip-link';

/** Props of {@link ConfirmDialog}. */
export type ConfirmDialogProps = {
  /** Whether the dialog is open. */
  opened: boolean;
  /** The dialog's title, e.g. "Delete Status" (spec §2 Dialogs); also its accessible name. */
  title: string;
  /** What will happen, and anything to choose before it does. */
  children: ReactNode;
  /** The confirming button's label. */
  confirmLabel: string;
  /** The other button's label; "Cancel" unless that would read like the action ("Cancel Plan"). */
  cancelLabel?: string;
  /** Disables the confirming button (e.g. until a choice is made). */
  isConfirmDisabled?: boolean;
  /** Shows the confirming button busy while the change runs. */
  isWorking?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** spec §2 Dialogs: a delete confirmation with Cancel and a red confirming button. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal
      // Portalled into <main>: there the modal's <header> is not a second banner landmark
      // (axe), and no ancestor of the panel that opens it can box in its fixed position.
      portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
    >
      <Stack gap="md">
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {props.cancelLabel ?? 'Cancel'}
          </Button>
          <Button
            // red.8: white on Mantine's default red is below 4.5:1 (axe color-contrast).
            color="red.8"
            onClick={props.onConfirm}
            loading={props.isWorking}
            disabled={props.isConfirmDisabled}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
