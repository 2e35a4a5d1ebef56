import { ActionIcon, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useShortcuts } from './use-shortcuts';

const CheatSheetDialog = lazy(() =>
  import('./cheat-sheet-dialog').then((m) => ({ default: m.CheatSheetDialog })),
);

/** The `?` button and key that show every keyboard shortcut of the panel. */
export function CheatSheet() {
  const [isOpen, setIsOpen] = useState(false);
  useShortcuts({ '?': () => setIsOpen(true) });
  return (
    <>
      <Tooltip label="Keyboard shortcuts (?)">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Keyboard shortcuts"
          onClick={() => setIsOpen(true)}
        >
          <IconKeyboard size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {isOpen && (
        <Suspense fallback={null}>
          <CheatSheetDialog onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
