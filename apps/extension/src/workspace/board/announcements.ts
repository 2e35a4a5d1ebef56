import type { Active, Announcements } from '@dnd-kit/core';

/** A dragged card's title (its draggable carries its item). */
function titleOf(active: Active): string {
  const item = active.data.current?.item as { title?: unknown } | undefined;
  return typeof item?.title === 'string' ? item.title : 'The card';
}

/** What a screen reader is told about a card being moved, by card and column names. */
export function boardAnnouncements(columnName: (id: string | number) => string): Announcements {
  return {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active)}. Use the left and right arrow keys to choose a column, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active)} is over the column ${columnName(over.id)}.`
        : `${titleOf(active)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active)} was dropped in the column ${columnName(over.id)}.`
        : `${titleOf(active)} was dropped outside the columns; nothing changed.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active)} was cancelled; nothing changed.`,
  };
}

/** How to move a card with the keyboard, read when a card's move handle is focused. */
export const SCREEN_READER_INSTRUCTIONS =
  'To move this card to another column, press Space, choose the column with the left and right arrow keys, and press Space again. Escape cancels.';
