import { Paper, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** Props of {@link CardList}. */
export type CardListProps<T> = {
  items: readonly T[];
  /** A stable key per item. */
  getKey: (item: T) => string;
  /** The content of one card. */
  renderItem: (item: T) => ReactNode;
};

/** A list of bordered cards, one column on phones and two from the tablet breakpoint. */
export function CardList<T>({ items, getKey, renderItem }: CardListProps<T>) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="lg"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <Paper key={getKey(item)} component="li" withBorder p="lg">
          {renderItem(item)}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
