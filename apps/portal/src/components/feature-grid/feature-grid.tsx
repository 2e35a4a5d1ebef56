import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Icon, type IconName } from '../icon/icon';

/** One card of a {@link FeatureGrid}. */
export type FeatureGridItem = { icon: IconName; title: string; text: string };

/** Props of {@link FeatureGrid}. */
export type FeatureGridProps = { items: readonly FeatureGridItem[] };

/** Icon, h3 and text per item, in a responsive grid (three across on wide screens). */
export function FeatureGrid({ items }: FeatureGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing={40}>
      {items.map((item) => (
        <Stack key={item.title} gap="sm">
          <Icon name={item.icon} />
          <Title order={3} size="h4">
            {item.title}
          </Title>
          <Text c="gray.8">{item.text}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
