import { Group, Image, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The side panel's header: the Waymark icon and name (the page's only level-1 heading), and at
 * its end `children` (the connection indicator, the menu).
 */
export function PanelHeader({ children }: { children?: ReactNode }) {
  return (
    <Group component="header" gap="xs" wrap="nowrap" justify="space-between">
      <Group gap={6} wrap="nowrap">
        <Image src="/icons/icon-32.png" alt="" w={20} h={20} />
        <Title order={1} size="h5">
          Waymark
        </Title>
      </Group>
      <Group gap={6} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}
