import { Alert, Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sendRequest } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { useActiveTab } from '../../../shared/use-active-tab';
import { AnnotationEditor } from './annotation-editor';

/**
 * Capture screenshot: one click captures what the page's tab shows (through the worker:
 * `tabs.captureVisibleTab`), opens the annotation editor, and hands the saved PNG on.
 */
export function CaptureButton({ onCaptured }: { onCaptured: (file: File) => void }) {
  const api = useChromeApi();
  const active = useActiveTab();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const tabId = active.status === 'ready' ? active.tab?.tabId : undefined;
  const capture = useMutation({
    mutationFn: (id: number) =>
      sendRequest((message) => api.runtime.sendMessage(message), 'captureTab', { tabId: id }),
    onSuccess: setImageUrl,
  });
  return (
    <>
      <Button
        size="xs"
        variant="light"
        disabled={tabId === undefined}
        loading={capture.isPending}
        onClick={() => tabId !== undefined && capture.mutate(tabId)}
      >
        Capture screenshot
      </Button>
      {capture.isError && (
        <Alert color="orange" variant="light" role="alert" p="xs" w="100%">
          {capture.error.message}
        </Alert>
      )}
      {imageUrl && (
        <AnnotationEditor
          imageUrl={imageUrl}
          onClose={() => setImageUrl(null)}
          onSave={(file) => {
            setImageUrl(null);
            onCaptured(file);
          }}
        />
      )}
    </>
  );
}
