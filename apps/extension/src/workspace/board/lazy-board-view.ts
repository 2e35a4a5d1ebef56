import { lazy } from 'react';

/**
 * The board, loaded when it is first shown: dnd-kit and the columns are not needed to paint the
 * table's first rows (docs/workspace.md, "First rows").
 */
export const LazyBoardView = lazy(async () => ({
  default: (await import('./board-view')).BoardView,
}));
