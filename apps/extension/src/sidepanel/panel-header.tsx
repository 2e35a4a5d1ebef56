import { Group, Image, Title } from '@mantine/core';

/** The side panel's header: the Waymark icon and name (the page's only level-1 heading). */
export function PanelHeader() {
  return (
    <Group component="header" gap="xs" wrap="nowrap">
      <Image src="/icons/icon-32.png" alt="" w={24} h={24} />
      <Title order={1} size="h3">
        Waymark
      </Title>
    </Group>
  );
}
