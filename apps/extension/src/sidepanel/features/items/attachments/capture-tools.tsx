import { Text } from '@mantine/core';
import { useChromeApi } from '../../../../ui/index';
import { RecordButton } from '../recording/index';
import { CaptureButton } from './capture-button';
import { CapturePageButton } from './capture-page-button';
import { CaptureRegionButton } from './capture-region-button';
import { ConsoleLogTools } from './console-log-tools';
import { useAnnotationWindow } from './use-annotation-window';

/**
 * The capture controls beside "Add files" (issue 32): screenshots of the visible area, a region or
 * the whole page — sharing one full-size editor window, whose saved PNG goes to `onFiles` — a tab
 * recording, and the console and network log, whose text file goes there too. Each entry is a
 * component of its own.
 */
export function CaptureTools({
  onFiles,
  quotaOrgId,
}: {
  onFiles: (files: File[]) => void;
  /** See {@link RecordButton}'s `quotaOrgId`. */
  quotaOrgId?: number;
}) {
  const api = useChromeApi();
  const editor = useAnnotationWindow(api, (file) => onFiles([file]));
  return (
    <>
      <CaptureButton open={editor.open} />
      <CaptureRegionButton open={editor.open} />
      <CapturePageButton open={editor.open} />
      <RecordButton onRecorded={(file) => onFiles([file])} quotaOrgId={quotaOrgId} />
      <ConsoleLogTools onCaptured={(file) => onFiles([file])} />
      {editor.isOpen && (
        <Text size="xs" c="dimmed" w="100%" data-testid="editor-open">
          The screenshot is open full size in its own window: save it there to attach it here.
        </Text>
      )}
    </>
  );
}
