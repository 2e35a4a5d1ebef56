import type { Announcements } from '@dnd-kit/core';

/** What a screen reader is told about a card being moved, by card and column names. */
export function boardAnnouncements(
  cardTitle: (id: string | number) => string,
  columnName: (id: string | number) => string,
): Announcements {
  return {
    onDragStart: ({ active }) =>
      `Picked up ${cardTitle(active.id)}. Use the left and right arrow keys to choose a column, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${cardTitle(active.id)} is over the column ${columnName(over.id)}.`
        : `${cardTitle(active.id)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${cardTitle(active.id)} was dropped in the column ${columnName(over.id)}.`
        : `${cardTitle(active.id)} was dropped outside the columns; nothing changed.`,
    onDragCancel: ({ active }) => `Moving ${cardTitle(active.id)} was cancelled; nothing changed.`,
  };
}

/** How to move a card with the keyboard, read when a card's move handle is focused. */
export const SCREEN_READER_INSTRUCTIONS =
  'To move this card to another column, press Space, choose the column with the left and right arrow keys, and press Space again. Escape cancels.';
