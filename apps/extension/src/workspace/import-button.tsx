import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import type { CallApi } from '../api/index';
import { LazyImportDialog } from './lazy-views';

/**
 * **Import CSV** on the toolbar (issue 28): opens the import's dialog, whose code loads on the
 * first opening (the table's first rows do not wait for it).
 */
export function ImportButton({ projectId, callApi }: { projectId: number; callApi: CallApi }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileImport size={14} aria-hidden />}
        onClick={() => setIsOpen(true)}
      >
        Import CSV
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <LazyImportDialog
            projectId={projectId}
            callApi={callApi}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
