import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CAPTURE_NEEDS_PERMISSION, sendRequest } from '../../../../messaging/index';
import { useChromeApi } from '../../../../ui/index';
import { useActiveTab } from '../../../shared/use-active-tab';
import { useAnnotationWindow } from './use-annotation-window';

/**
 * Capture screenshot: one click captures what the page's tab shows (through the worker, which
 * uses the toolbar click's grant or, on an allowed site, the optional `debugger` permission),
 * opens the full-size editor in its own window, and hands the saved PNG on. When the worker needs
 * that permission the alert offers to ask for it — the click is the user gesture Chrome's prompt
 * requires.
 */
export function CaptureButton({ onCaptured }: { onCaptured: (file: File) => void }) {
  const api = useChromeApi();
  const active = useActiveTab();
  const editor = useAnnotationWindow(api, onCaptured);
  const tabId = active.status === 'ready' ? active.tab?.tabId : undefined;
  const capture = useMutation({
    mutationFn: async (id: number) => {
      const imageUrl = await sendRequest(
        (message) => api.runtime.sendMessage(message),
        'captureTab',
        { tabId: id },
      );
      await editor.open(imageUrl);
    },
  });
  const allow = useMutation({
    mutationFn: async (id: number) => {
      if (!(await api.permissions.requestApi(['debugger']).catch(() => false))) return;
      capture.mutate(id);
    },
  });
  const needsPermission = capture.isError && capture.error.message === CAPTURE_NEEDS_PERMISSION;
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
      {editor.isOpen && (
        <Text size="xs" c="dimmed" w="100%" data-testid="editor-open">
          The screenshot is open full size in its own window: save it there to attach it here.
        </Text>
      )}
      {capture.isError && (
        <Alert color="orange" variant="light" role="alert" p="xs" w="100%">
          <Stack gap={6} align="flex-start">
            {capture.error.message}
            {needsPermission && tabId !== undefined && (
              <Button size="compact-xs" variant="light" onClick={() => allow.mutate(tabId)}>
                Allow capture from the panel
              </Button>
            )}
          </Stack>
        </Alert>
      )}
    </>
  );
}
