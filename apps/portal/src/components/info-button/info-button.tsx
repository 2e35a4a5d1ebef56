import { ActionIcon, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MAIN_CONTENT_ID } from '../skip-link/skip-link';

/** Props of {@link InfoButton}. */
export type InfoButtonProps = {
  /** The dialog's title, e.g. "Associated Domains" (spec §2 Dialogs). */
  title: string;
  /** What the dialog explains. */
  text: string;
};

/** spec §2: an info icon opening a dialog that explains a panel. */
export function InfoButton({ title, text }: InfoButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="subtle" radius="xl" aria-label={`About ${title}`} onClick={open}>
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v6M12 7.5v.5" />
        </svg>
      </ActionIcon>
      <Modal
        // Portalled into <main>: there the modal's <header> is not a second banner landmark
        // (axe), and no ancestor of the button can box in its fixed position.
        portalProps={{ target: document.getElementById(MAIN_CONTENT_ID) ?? undefined }}
        opened={opened}
        onClose={close}
        title={title}
        centered
      >
        <Text>{text}</Text>
      </Modal>
    </>
  );
}
