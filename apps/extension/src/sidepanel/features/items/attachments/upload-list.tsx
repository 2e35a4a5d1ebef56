import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '@waymark/core';
import { useContext } from 'react';
import { UploadStoreContext, useItemUploads } from './upload-store';

/** The item's running and failed uploads: a progress bar each, with Cancel (or Dismiss). */
export function UploadList({ itemId }: { itemId: number }) {
  const store = useContext(UploadStoreContext);
  const uploads = useItemUploads(itemId);
  if (!uploads.length) return null;
  return (
    <Stack gap={6} aria-label="Uploads">
      {uploads.map((upload) =>
        upload.phase === 'failed' ? (
          <Alert key={upload.uploadId} color="red" variant="light" role="alert" p="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs">
                {upload.fileName} was not attached: {upload.error}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => store.cancel(upload.uploadId)}
              >
                Dismiss
              </Button>
            </Group>
          </Alert>
        ) : (
          <Stack key={upload.uploadId} gap={2} data-testid="upload-progress">
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" truncate>
                {upload.fileName} ·{' '}
                {upload.phase === 'saving'
                  ? 'saving on the server…'
                  : `${formatBytes(upload.sentBytes)} of ${formatBytes(upload.sizeBytes)}`}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Cancel the upload of ${upload.fileName}`}
                onClick={() => store.cancel(upload.uploadId)}
              >
                Cancel
              </Button>
            </Group>
            <Progress
              size="sm"
              aria-label={`Upload of ${upload.fileName}`}
              value={
                upload.phase === 'saving'
                  ? 100
                  : (100 * upload.sentBytes) / Math.max(upload.sizeBytes, 1)
              }
              striped={upload.phase === 'saving'}
              animated={upload.phase === 'saving'}
            />
          </Stack>
        ),
      )}
    </Stack>
  );
}
