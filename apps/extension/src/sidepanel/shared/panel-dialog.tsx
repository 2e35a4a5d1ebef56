import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link PanelDialog}. */
export type PanelDialogProps = {
  opened: boolean;
  /** The dialog's title, also its accessible name ("Delete item"). */
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A centred dialog of the side panel that passes axe: its header is a div, not Mantine's
 * `<header>` (portalled to the body, that is a second banner landmark beside the panel's), and
 * its close button has a name.
 */
export function PanelDialog({ opened, title, onClose, children }: PanelDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...{ component: 'div' }}>
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
