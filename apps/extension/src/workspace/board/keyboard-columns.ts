import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Keyboard moves of a card on the board: the left and right arrows jump to the previous or next
 * column (its top), so a card reaches any column in as many key presses as columns between. A
 * board has no order within a column, so up and down do nothing. (dnd-kit's default moves 25 px
 * per key press, which takes dozens of presses across a board.)
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') {
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
    return undefined;
  }
  event.preventDefault();
  const { collisionRect, droppableRects, over } = context;
  const columns = [...droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const here = collisionRect?.left ?? 0;
  const index =
    over === null
      ? columns.findIndex(([, rect]) => here >= rect.left && here < rect.left + rect.width)
      : columns.findIndex(([id]) => id === over.id);
  const step = event.code === 'ArrowRight' ? 1 : -1;
  const target = columns[index + step];
  if (!target) return undefined;
  const [, rect] = target;
  return { x: rect.left + 8, y: rect.top + 48 };
};
