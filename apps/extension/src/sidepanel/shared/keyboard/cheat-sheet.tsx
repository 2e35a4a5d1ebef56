import { Suspense } from 'react';
import { lazyStyled } from '../mantine-styles/all-mantine-styles';
import { useShortcuts } from './use-shortcuts';

const CheatSheetDialog = lazyStyled(() =>
  import('./cheat-sheet-dialog').then((m) => ({ default: m.CheatSheetDialog })),
);

/** Props of {@link CheatSheet}. */
export type CheatSheetProps = {
  /** Whether the dialog shows; the panel menu's Keyboard shortcuts opens it too. */
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** The dialog of every keyboard shortcut of the panel, and the `?` key that opens it. */
export function CheatSheet({ isOpen, onOpenChange }: CheatSheetProps) {
  useShortcuts({ '?': () => onOpenChange(true) });
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <CheatSheetDialog onClose={() => onOpenChange(false)} />
    </Suspense>
  );
}
