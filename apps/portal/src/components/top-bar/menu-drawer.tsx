import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link MenuDrawer}. */
export type MenuDrawerProps = { opened: boolean; onClose: () => void; children: ReactNode };

/** The phone-width menu (below 768px). Loaded on the first open: Drawer is ~14 KB gzip. */
export function MenuDrawer({ opened, onClose, children }: MenuDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="right"
      size="xs"
      hiddenFrom="sm"
    >
      <Stack gap="xs">{children}</Stack>
    </Drawer>
  );
}
