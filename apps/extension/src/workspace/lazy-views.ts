import { lazy } from 'react';

// The parts of the workspace its first rows do not need, each loaded when first shown: the item
// beside the table and the CSV import's dialog (docs/workspace.md, "First rows").

/** The item opened from a row (Mantine's Drawer, the item's detail, its videos). */
export const LazyItemDrawer = lazy(async () => ({
  default: (await import('./item-drawer')).ItemDrawer,
}));

/** The CSV import's dialog: dry run, results table, import. */
export const LazyImportDialog = lazy(async () => ({
  default: (await import('./import-dialog')).ImportDialog,
}));
