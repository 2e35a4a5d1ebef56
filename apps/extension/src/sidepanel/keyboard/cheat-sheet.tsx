import { ActionIcon, Group, Kbd, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useState } from 'react';
import { SHORTCUTS } from './shortcut-keys';
import { useShortcuts } from './use-shortcuts';

/** The `?` button and key that show every keyboard shortcut of the panel. */
export function CheatSheet() {
  const [isOpen, setIsOpen] = useState(false);
  useShortcuts({ '?': () => setIsOpen(true) });
  return (
    <>
      <Tooltip label="Keyboard shortcuts (?)">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Keyboard shortcuts"
          onClick={() => setIsOpen(true)}
        >
          <IconKeyboard size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal.Root opened={isOpen} onClose={() => setIsOpen(false)} size="xs">
        <Modal.Overlay />
        <Modal.Content>
          {/* A div, not Mantine's <header>: a second banner landmark beside the panel's fails axe. */}
          <Modal.Header {...{ component: 'div' }}>
            <Modal.Title>Keyboard shortcuts</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Table withRowBorders={false} verticalSpacing={4} aria-label="Keyboard shortcuts">
              <Table.Tbody>
                {SHORTCUTS.map(({ keys, description }) => (
                  <Table.Tr key={description}>
                    <Table.Th w={70} scope="row">
                      <Group gap={4}>
                        {keys.map((key) => (
                          <Kbd key={key} size="xs">
                            {key}
                          </Kbd>
                        ))}
                      </Group>
                    </Table.Th>
                    <Table.Td>
                      <Text size="sm">{description}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
