import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { SHORTCUTS } from './shortcut-keys';

/** The dialog listing every keyboard shortcut of the panel (loaded on first use). */
export function CheatSheetDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal.Root opened onClose={onClose} size="xs">
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
  );
}
